import { Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t } from '../i18n/index.ts';

export function AboutPage() {
  usePageTitle(t('About'));
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('About SciAI')}</Title>
          <Text size="lg" c="dimmed">
            {t(
              'SciAI is a discovery platform where scientists find, compare and adopt AI for their research: software and tools, research papers, companies and AI agents, organised by scientific field.',
            )}
          </Text>
        </Stack>

        <PageSection id="about-gap" title={t('The 82% gap')}>
          <Text>
            {t(
              'Our starting point is one figure: 82% of scientists do not use artificial intelligence effectively in their work. The obstacle is rarely a lack of interest. It is the search itself. Useful methods are scattered across preprint servers, code repositories, vendor websites and conference talks, described in the vocabulary of machine learning rather than of the science they serve, and it takes hours to learn whether a tool is maintained, validated, affordable or even relevant.',
            )}
          </Text>
          <Text>
            {t(
              'SciAI gathers that landscape in one place and describes each entry in terms a working scientist can judge quickly: what it does, which fields it serves, who is behind it, how it is licensed and priced, and how other researchers use it.',
            )}
          </Text>
          <Text size="sm" c="dimmed" id="about-figure-source">
            {t(
              'Where the figure comes from: 82% is the founders’ estimate, the premise SciAI was designed around. It is not the result of a survey we can cite. When a published study measures how scientists use AI, we will show its figure here, with its source.',
            )}
          </Text>
        </PageSection>

        <PageSection id="about-audience" title={t('Who it is for')}>
          <List spacing="xs">
            <List.Item>
              {t(
                'Bench and field scientists who need a tool for a specific job, such as segmenting microscopy images, predicting a protein structure or screening candidate molecules.',
              )}
            </List.Item>
            <List.Item>
              {t('Computational researchers comparing methods, models and the papers behind them.')}
            </List.Item>
            <List.Item>
              {t('Research software engineers and core facilities advising the groups they support.')}
            </List.Item>
            <List.Item>
              {t('Lab heads and research offices evaluating companies and services before they commit.')}
            </List.Item>
          </List>
        </PageSection>

        <PageSection id="about-catalog" title={t('What the catalog holds')}>
          <Text>
            {t(
              'Every entry is one of four kinds: software and tools you can run or subscribe to, research papers that introduce or evaluate a method, companies building AI for science, and AI agents that carry out research tasks. Each is linked to the scientific fields it serves, from biology and chemistry to materials science, neuroscience and medicine, so you can start from your discipline rather than from a buzzword.',
            )}
          </Text>
        </PageSection>

        <PageSection id="about-curation" title={t('How the catalog is curated')}>
          <Text>
            {t(
              'Nothing appears in the catalog without review. Researchers with an account can propose an entry through Contribute; moderators check that the link works, that the description matches the source, that the entry is filed under the right fields and that the organisation behind it is named correctly. They approve it, ask for changes or decline it, and every decision is recorded.',
            )}
          </Text>
          <Text>
            {t(
              'A Verified badge means the SciAI team has checked the entry against its primary source, such as the publisher, the repository or the company itself. Views and saves reflect activity on SciAI. Entries that are withdrawn or superseded are archived rather than silently deleted, so links and citations to them stay meaningful.',
            )}
          </Text>
        </PageSection>

        <Group gap="sm">
          <Button component={Link} href="/browse">
            {t('Browse the catalog')}
          </Button>
          <Button component={Link} href="/contribute" variant="default">
            {t('Contribute an entry')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
