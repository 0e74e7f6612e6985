import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { SOCIAL_LINKS } from '../site.ts';

const CONTACT_ADDRESS = SOCIAL_LINKS.email.replace(/^mailto:/, '');

/** docs/product.md#accessibility-statement */
export function AccessibilityPage() {
  usePageTitle('Accessibility statement');
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Accessibility statement</Title>
          <Text size="lg" c="dimmed">
            SciAI should work for every scientist, whatever the way they read, move through and use the web.
          </Text>
        </Stack>

        <PageSection id="accessibility-commitment" title="Our commitment">
          <Text>
            SciAI aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. We believe it
            does, with the exceptions listed below.
          </Text>
        </PageSection>

        <PageSection id="accessibility-testing" title="How we test">
          <List spacing="xs">
            <List.Item>
              Automated checks with axe-core on every page, in the light and dark themes, 1366 pixels (desktop) and 390
              pixels (phone) wide, signed in and signed out.
            </List.Item>
            <List.Item>
              The main journeys done with the keyboard alone in a real browser: searching, filtering, opening an entry,
              saving it, comparing and exporting your library; signing up with two-factor authentication; contributing
              an entry; and an administrator’s CSV import.
            </List.Item>
            <List.Item>
              Content reflowing without sideways scrolling at 320 pixels wide and with text enlarged to 200%.
            </List.Item>
            <List.Item>Lighthouse’s accessibility audit on the home page, browse and an entry’s page.</List.Item>
            <List.Item>
              Users who ask their system for reduced motion: counters, dialogs and menus appear without animation.
            </List.Item>
          </List>
        </PageSection>

        <PageSection id="accessibility-not-tested" title="What we have not tested">
          <Text>
            We have not yet tested SciAI with screen readers (NVDA, JAWS, VoiceOver, TalkBack) or with speech input, nor
            had it audited by people with disabilities. The automated and keyboard checks above find many problems, not
            all of them.
          </Text>
        </PageSection>

        <PageSection id="accessibility-exceptions" title="Known exceptions">
          <List spacing="xs">
            <List.Item>
              Titles and descriptions of entries come from their sources (publishers, repositories, open data sets) and
              may be in another language without being marked as such.
            </List.Item>
            <List.Item>Images and logos from sources may lack a text alternative.</List.Item>
            <List.Item>Mathematical notation and chemical formulas in paper abstracts are plain text.</List.Item>
            <List.Item>
              Files you download (CSV, BibTeX, RIS) and the third-party sites we link to are outside this statement.
            </List.Item>
          </List>
        </PageSection>

        <PageSection id="accessibility-contact" title="Feedback and contact">
          <Text>
            If something on SciAI is hard or impossible for you to use, or you need content in another format, write to{' '}
            <Anchor href={SOCIAL_LINKS.email}>{CONTACT_ADDRESS}</Anchor> and tell us the page and what happened.
          </Text>
        </PageSection>

        <Text size="sm" c="dimmed">
          This statement was prepared on 7 December 2026.
        </Text>
      </Stack>
    </Container>
  );
}
