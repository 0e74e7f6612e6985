import { Alert, Anchor, Code, Container, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { Link } from 'wouter';
import { CONTENT_TYPE_TAB_LABELS, CONTENT_TYPES } from '@sciai/core';
import { exactCount } from '../components/about-data/exact-count.ts';
import { FieldTree } from '../components/about-data/field-tree.tsx';
import { SourceList } from '../components/about-data/source-list.tsx';
import { PageSection } from '../components/page-section.tsx';
import {
  catalogDataSummaryKey,
  fetchCatalogDataSummary,
  type CatalogDataSummary,
} from '../data/catalog-data-summary.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t, Trans } from '../i18n/index.ts';

/** /about/data: where the catalog comes from, under which licences, and how it is kept current. */
export function AboutDataPage() {
  usePageTitle(t('About the data'));
  const { data, error } = useSWR(catalogDataSummaryKey(), fetchCatalogDataSummary, { revalidateOnFocus: false });
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('About the data')}</Title>
          <Text size="lg" c="dimmed">
            {t(
              'SciAI’s catalog starts from openly licensed lists kept by the research community. Every item names the source records it was built from, and every fact can be traced to one of them.',
            )}
          </Text>
        </Stack>
        {error ? (
          <Alert color="red" title={t('The figures could not load')}>
            {t('The catalog did not answer. Reload the page to try again.')}
          </Alert>
        ) : data ? (
          <Figures summary={data} />
        ) : (
          <Stack gap="xs" aria-busy="true" aria-label={t('Loading the figures')}>
            <Skeleton height={18} width="60%" />
            <Skeleton height={160} />
          </Stack>
        )}
        <Refreshing />
      </Stack>
    </Container>
  );
}

function Figures({ summary }: { summary: CatalogDataSummary }) {
  const snapshots = summary.sources.map((source) => source.snapshot_date).sort();
  const latest = snapshots.at(-1);
  return (
    <>
      <PageSection id="data-holdings" title={t('What the catalog holds')}>
        <Text data-testid="data-total">
          {summary.items_without_sources > 0
            ? t(
                '{count, plural, one {# published item} other {# published items}}, of which {manual} were written by hand or contributed and list no source.',
                { count: summary.items, manual: exactCount(summary.items_without_sources) },
              )
            : t('{count, plural, one {# published item} other {# published items}}.', { count: summary.items })}
        </Text>
        <List size="sm" aria-label={t('Items by type')}>
          {CONTENT_TYPES.map((type) => (
            <List.Item key={type}>
              {t('{type}: {count}', {
                type: t(CONTENT_TYPE_TAB_LABELS[type]),
                count: exactCount(summary.by_type[type] ?? 0),
              })}
            </List.Item>
          ))}
        </List>
      </PageSection>

      <PageSection id="data-sources" title={t('Sources')}>
        <Text>
          {t(
            'Each source is a public repository read at one commit. Its licence decides what SciAI takes: descriptions are copied word for word only from a source whose licence allows it, with its credit; from the others only facts (names, links, dates, identifiers), and the description is composed by SciAI from those facts.',
          )}
          {latest &&
            ` ${t('The newest snapshot is of {date}; the catalog shipped with SciAI is a starting point as of that date, not a live view of the sources.', { date: latest })}`}
        </Text>
        <SourceList sources={summary.sources} />
      </PageSection>

      <PageSection id="data-fields" title={t('Fields')}>
        <Text size="sm" c="dimmed">
          {t('Published items under each field; a field counts the items of the fields under it.')}
        </Text>
        <FieldTree fields={summary.fields} />
      </PageSection>
    </>
  );
}

function Refreshing() {
  return (
    <>
      <PageSection id="data-refresh" title={t('Keeping it current')}>
        <Text>
          <Trans
            id="The operator of a SciAI rebuilds the catalog from newer snapshots of the same lists with <0>npx sciai catalog build</0>, which writes the same files from the same snapshots every time; <1>npx sciai seed</1> loads the items a database does not have yet. On a running site, <2>sciai harvest biotools</2> and <3>sciai harvest github</3> add new tools and fill in what the catalog lacks, and <4>sciai enrich</4> refreshes stars, citations, releases and link health; they find the catalog’s items by their identifiers (bio.tools id, repository, DOI, arXiv id), so an item is updated rather than listed twice."
            components={{ 0: <Code />, 1: <Code />, 2: <Code />, 3: <Code />, 4: <Code /> }}
          />
        </Text>
      </PageSection>
      <PageSection id="data-reuse" title={t('Reusing the data')}>
        <Text>
          <Trans
            id="The whole catalog is on the <0>open data</0> page, each item with the source records behind it. Text copied from a share-alike source (such as best-of-atomistic-machine-learning, CC BY-SA 4.0) keeps that licence when reused; credit the sources as listed above."
            components={{ 0: <Anchor component={Link} href="/data" underline="always" /> }}
          />
        </Text>
      </PageSection>
    </>
  );
}
