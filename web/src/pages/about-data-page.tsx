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
import { t } from '../i18n/index.ts';

/** /about/data: where the catalog comes from, under which licences, and how it is kept current. */
export function AboutDataPage() {
  usePageTitle('About the data');
  const { data, error } = useSWR(catalogDataSummaryKey(), fetchCatalogDataSummary, { revalidateOnFocus: false });
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>About the data</Title>
          <Text size="lg" c="dimmed">
            SciAI’s catalog starts from openly licensed lists kept by the research community. Every item names the
            source records it was built from, and every fact can be traced to one of them.
          </Text>
        </Stack>
        {error ? (
          <Alert color="red" title="The figures could not load">
            The catalog did not answer. Reload the page to try again.
          </Alert>
        ) : data ? (
          <Figures summary={data} />
        ) : (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the figures">
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
      <PageSection id="data-holdings" title="What the catalog holds">
        <Text data-testid="data-total">
          {exactCount(summary.items)} published items
          {summary.items_without_sources > 0 &&
            `, of which ${exactCount(summary.items_without_sources)} were written by hand or contributed and list no source`}
          .
        </Text>
        <List size="sm" aria-label="Items by type">
          {CONTENT_TYPES.map((type) => (
            <List.Item key={type}>
              {t(CONTENT_TYPE_TAB_LABELS[type])}: {exactCount(summary.by_type[type] ?? 0)}
            </List.Item>
          ))}
        </List>
      </PageSection>

      <PageSection id="data-sources" title="Sources">
        <Text>
          Each source is a public repository read at one commit. Its licence decides what SciAI takes: descriptions are
          copied word for word only from a source whose licence allows it, with its credit; from the others only facts
          (names, links, dates, identifiers), and the description is composed by SciAI from those facts.
          {latest &&
            ` The newest snapshot is of ${latest}; the catalog shipped with SciAI is a starting point as of
          that date, not a live view of the sources.`}
        </Text>
        <SourceList sources={summary.sources} />
      </PageSection>

      <PageSection id="data-fields" title="Fields">
        <Text size="sm" c="dimmed">
          Published items under each field; a field counts the items of the fields under it.
        </Text>
        <FieldTree fields={summary.fields} />
      </PageSection>
    </>
  );
}

function Refreshing() {
  return (
    <>
      <PageSection id="data-refresh" title="Keeping it current">
        <Text>
          The operator of a SciAI rebuilds the catalog from newer snapshots of the same lists with{' '}
          <Code>npx sciai catalog build</Code>, which writes the same files from the same snapshots every time;{' '}
          <Code>npx sciai seed</Code> loads the items a database does not have yet. On a running site,{' '}
          <Code>sciai harvest biotools</Code> and <Code>sciai harvest github</Code> add new tools and fill in what the
          catalog lacks, and <Code>sciai enrich</Code> refreshes stars, citations, releases and link health; they find
          the catalog’s items by their identifiers (bio.tools id, repository, DOI, arXiv id), so an item is updated
          rather than listed twice.
        </Text>
      </PageSection>
      <PageSection id="data-reuse" title="Reusing the data">
        <Text>
          The whole catalog is on the{' '}
          <Anchor component={Link} href="/data" underline="always">
            open data
          </Anchor>{' '}
          page, each item with the source records behind it. Text copied from a share-alike source (such as
          best-of-atomistic-machine-learning, CC BY-SA 4.0) keeps that licence when reused; credit the sources as listed
          above.
        </Text>
      </PageSection>
    </>
  );
}
