import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@sciai/core';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t, Trans } from '../i18n/index.ts';
import { SOCIAL_LINKS } from '../site.ts';

const CONTACT_ADDRESS = SOCIAL_LINKS.email.replace(/^mailto:/, '');

/** When the statement was last reviewed against what the tests cover. */
const PREPARED_ON = '2026-12-07';

/** docs/product.md#accessibility-statement */
export function AccessibilityPage() {
  usePageTitle(t('Accessibility statement'));
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('Accessibility statement')}</Title>
          <Text size="lg" c="dimmed">
            {t('SciAI should work for every scientist, whatever the way they read, move through and use the web.')}
          </Text>
        </Stack>

        <PageSection id="accessibility-commitment" title={t('Our commitment')}>
          <Text>
            {t(
              'SciAI aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. We believe it does, with the exceptions listed below.',
            )}
          </Text>
        </PageSection>

        <PageSection id="accessibility-testing" title={t('How we test')}>
          <List spacing="xs">
            <List.Item>
              {t(
                'Automated checks with axe-core on every page, in the light and dark themes, 1366 pixels (desktop) and 390 pixels (phone) wide, signed in and signed out, in English and in Arabic (right to left).',
              )}
            </List.Item>
            <List.Item>
              {t(
                'The main journeys done with the keyboard alone in a real browser: searching, filtering, opening an entry, saving it, comparing and exporting your library; signing up with two-factor authentication; contributing an entry; and an administrator’s CSV import.',
              )}
            </List.Item>
            <List.Item>
              {t('Content reflowing without sideways scrolling at 320 pixels wide and with text enlarged to 200%.')}
            </List.Item>
            <List.Item>
              {t(
                'Lighthouse’s accessibility audit on the home page, browse, an entry’s page, compare, the library and settings.',
              )}
            </List.Item>
            <List.Item>
              {t(
                'Users who ask their system for reduced motion: counters, dialogs and menus appear without animation.',
              )}
            </List.Item>
          </List>
        </PageSection>

        <PageSection id="accessibility-not-tested" title={t('What we have not tested')}>
          <Text>
            {t(
              'We have not yet tested SciAI with screen readers (NVDA, JAWS, VoiceOver, TalkBack) or with speech input, nor had it audited by people with disabilities. The automated and keyboard checks above find many problems, not all of them.',
            )}
          </Text>
        </PageSection>

        <PageSection id="accessibility-exceptions" title={t('Known exceptions')}>
          <List spacing="xs">
            <List.Item>
              {t(
                'Titles and descriptions of entries come from their sources (publishers, repositories, open data sets) and are not translated; they are marked as English, which most of them are.',
              )}
            </List.Item>
            <List.Item>{t('Images and logos from sources may lack a text alternative.')}</List.Item>
            <List.Item>{t('Mathematical notation and chemical formulas in paper abstracts are plain text.')}</List.Item>
            <List.Item>
              {t(
                'Files you download (CSV, BibTeX, RIS) and the third-party sites we link to are outside this statement.',
              )}
            </List.Item>
          </List>
        </PageSection>

        <PageSection id="accessibility-contact" title={t('Feedback and contact')}>
          <Text>
            <Trans
              id="If something on SciAI is hard or impossible for you to use, or you need content in another format, write to <0>{address}</0> and tell us the page and what happened."
              values={{ address: CONTACT_ADDRESS }}
              components={{ 0: <Anchor href={SOCIAL_LINKS.email} /> }}
            />
          </Text>
        </PageSection>

        <Text size="sm" c="dimmed">
          {t('This statement was prepared on {date}.', {
            date: formatDate(PREPARED_ON, { dateStyle: 'long', timeZone: 'UTC' }),
          })}
        </Text>
      </Stack>
    </Container>
  );
}
