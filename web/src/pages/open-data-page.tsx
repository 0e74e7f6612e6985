import useSWR from 'swr';
import { Alert, Anchor, Code, Container, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_LICENSE,
  CATALOG_LICENSE_NAME,
  CATALOG_LICENSE_URL,
  formatCount,
  type DataLicenses,
} from '@sciai/core';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import {
  fetchOpenDataManifest,
  openDataManifestKey,
  OpenDataNotReadyError,
  type OpenDataManifest,
} from '../data/open-data.ts';

/** Bytes as people read file sizes: 1.2 MB. */
function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

const FILE_NOTES: Record<string, string> = {
  'catalog.jsonl.gz': 'JSON Lines, gzip: one object per published item, every public field',
  'catalog.csv.gz': 'CSV (RFC 4180), gzip: one row per published item, lists joined with "; "',
  'llms-full.txt': 'Markdown: the whole catalog, field by field, for language models',
};

const fileHref = (name: string) => (name === 'llms-full.txt' ? '/llms-full.txt' : `/data/${name}`);

function FilesTable({ manifest }: { manifest: OpenDataManifest }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label="Open data files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>SHA-256</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {manifest.files.map((file) => (
            <Table.Tr key={file.name}>
              <Table.Td>
                <Anchor href={fileHref(file.name)} download={file.name !== 'llms-full.txt' ? file.name : undefined}>
                  {file.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {FILE_NOTES[file.name]}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fileSize(file.bytes)}</Table.Td>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all' }} data-testid={`sha256-${file.name}`}>
                  {file.sha256}
                </Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /data: the catalog's open dumps, with their licence, schema, generation time and checksums. */
export function OpenDataPage() {
  usePageTitle('Open data');
  const { data: manifest, error } = useSWR(openDataManifestKey(), fetchOpenDataManifest, {
    revalidateOnFocus: false,
  });
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Open data</Title>
          <Text size="lg" c="dimmed">
            The whole published catalog, free to download and reuse: every public field of every item, with its stable
            id and its identifiers (DOI, arXiv, PubMed, repository).
          </Text>
        </Stack>

        <PageSection id="data-files" title="Files">
          {error instanceof OpenDataNotReadyError ? (
            <Alert color="blue" title="Being generated">
              The files are being generated. Reload this page in a minute.
            </Alert>
          ) : error ? (
            <Alert color="red" title="Could not list the files">
              {error instanceof Error ? error.message : 'Try again later.'}
            </Alert>
          ) : manifest ? (
            <>
              <Text data-testid="data-generated">
                Generated {new Date(manifest.generated_at).toUTCString()} from {formatCount(manifest.item_count)}{' '}
                published items. The files are made again whenever the catalog changes, and every few hours.
              </Text>
              <FilesTable manifest={manifest} />
              <Text size="sm" c="dimmed">
                Check a download with <Code>sha256sum catalog.jsonl.gz</Code>; the ETag of each file is its SHA-256.
              </Text>
            </>
          ) : (
            <Stack gap="xs" aria-busy="true" aria-label="Loading the files">
              <Skeleton height={18} width="60%" />
              <Skeleton height={120} />
            </Stack>
          )}
        </PageSection>

        <PageSection id="data-licence" title="Licence">
          <Text>
            The catalog text (titles, summaries, descriptions and the other fields SciAI writes) is licensed{' '}
            <Anchor href={CATALOG_LICENSE_URL} target="_blank" rel="noopener noreferrer">
              {CATALOG_LICENSE_NAME} ({CATALOG_LICENSE})
            </Anchor>
            , unless an item says otherwise in its <Code>content_license</Code> field. Credit “SciAI” with a link to the
            item’s page. Logos, abstracts and the linked works belong to their owners.
          </Text>
          {manifest?.licenses && <SourceLicences licenses={manifest.licenses} />}
        </PageSection>

        <PageSection id="data-schema" title="Schema">
          <Text>
            <Code>catalog.jsonl.gz</Code>: one JSON object per line, as an item’s page shows it: <Code>id</Code> (stable
            UUID), <Code>slug</Code>, <Code>content_type</Code> (software, paper, company or agent), <Code>title</Code>,{' '}
            <Code>short_description</Code>, <Code>description</Code>, <Code>url</Code>, <Code>organization</Code>,{' '}
            <Code>domains</Code>, <Code>tags</Code>, <Code>verified</Code>, dates, counters, <Code>path</Code> (the page
            on this site), <Code>identifiers</Code>, <Code>content_license</Code>, <Code>sources</Code> (the source
            records behind the item, with their licences), and one object of the item’s own type (<Code>software</Code>,{' '}
            <Code>paper</Code>, <Code>company</Code> or <Code>agent</Code>).
          </Text>
          <Text>
            <Code>catalog.csv.gz</Code>: a header row, then one row per item, in these columns:
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {CATALOG_CSV_COLUMNS.join(', ')}
          </Code>
          <Text size="sm" c="dimmed">
            <Code>sources</Code> holds the item’s source records as a JSON array (source, kind, record URL, licence,
            share-alike, and the snapshot’s date or, for a record read live, the day it was last fetched);{' '}
            <Code>source_licenses</Code> their licences and <Code>share_alike</Code> whether any is share-alike. This
            file is for reading: <Code>sciai import</Code> takes the import columns below, not these. Cells that a
            spreadsheet would run as a formula begin with an apostrophe.
          </Text>
        </PageSection>

        <PageSection id="data-tools" title="For tools and language models">
          <Text>
            Administrators make the same files with <Code>sciai export --format jsonl|csv -o FILE</Code>; with{' '}
            <Code>--type software|paper|company|agent</Code> the CSV has the import columns, ready for{' '}
            <Code>sciai import</Code> into another SciAI. Item pages answer <Code>Accept: application/ld+json</Code>{' '}
            with their schema.org data, and add <Code>.md</Code> to an item’s address for Markdown.{' '}
            <Anchor href="/llms.txt">/llms.txt</Anchor> lists it all for language models.
          </Text>
        </PageSection>
      </Stack>
    </Container>
  );
}

/** The sources whose records the files include, each under its own licence (docs/product.md#sources). */
function SourceLicences({ licenses }: { licenses: DataLicenses }) {
  if (!licenses.sources.length) return null;
  return (
    <>
      <Text>
        The files include records of these sources, each under its own licence (an item’s <Code>sources</Code> in{' '}
        <Code>catalog.jsonl.gz</Code> and <Code>catalog.csv.gz</Code> names its records; see{' '}
        <Anchor component={Link} href="/about/data" underline="always">
          About the data
        </Anchor>
        ):
      </Text>
      <List size="sm" aria-label="Source licences">
        {licenses.sources.map((source) => (
          <List.Item key={source.id}>
            {source.name}: {source.license_label}
          </List.Item>
        ))}
      </List>
      {licenses.share_alike_included && (
        <Text data-testid="share-alike-included">
          Share-alike records are included: text copied from{' '}
          {licenses.sources
            .filter((source) => source.share_alike)
            .map((source) => source.name)
            .join(', ')}{' '}
          keeps its licence when you reuse it.
        </Text>
      )}
    </>
  );
}
