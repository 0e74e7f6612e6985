import useSWR from 'swr';
import { Alert, Anchor, Code, Container, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_LICENSE,
  CATALOG_LICENSE_NAME,
  CATALOG_LICENSE_URL,
  formatCount,
  formatDate,
  formatNumber,
  type DataLicenses,
} from '@sciai/core';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { msg, t, Trans } from '../i18n/index.ts';
import {
  fetchOpenDataManifest,
  openDataManifestKey,
  OpenDataNotReadyError,
  type OpenDataManifest,
} from '../data/open-data.ts';

/** Bytes as people read file sizes: 1.2 MB. */
function fileSize(bytes: number): string {
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (bytes >= 1_000_000) return t('{size} MB', { size: formatNumber(bytes / 1_000_000, oneDecimal) });
  if (bytes >= 1_000) return t('{size} kB', { size: formatNumber(bytes / 1_000, oneDecimal) });
  return t('{count, plural, one {# byte} other {# bytes}}', { count: bytes });
}

/** Messages, translated where shown. */
const FILE_NOTES: Record<string, string> = {
  'catalog.jsonl.gz': msg('JSON Lines, gzip: one object per published item, every public field'),
  'catalog.csv.gz': msg('CSV (RFC 4180), gzip: one row per published item, lists joined with "; "'),
  'llms-full.txt': msg('Markdown: the whole catalog, field by field, for language models'),
};

const fileNote = (name: string) => {
  const note = FILE_NOTES[name];
  return note ? t(note) : null;
};

const fileHref = (name: string) => (name === 'llms-full.txt' ? '/llms-full.txt' : `/data/${name}`);

function FilesTable({ manifest }: { manifest: OpenDataManifest }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={t('Open data files')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('File')}</Table.Th>
            <Table.Th>{t('Size')}</Table.Th>
            {/* eslint-disable-next-line sciai/no-untranslated-text -- the algorithm's name */}
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
                  {fileNote(file.name)}
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
  usePageTitle(t('Open data'));
  const { data: manifest, error } = useSWR(openDataManifestKey(), fetchOpenDataManifest, {
    revalidateOnFocus: false,
  });
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('Open data')}</Title>
          <Text size="lg" c="dimmed">
            {t(
              'The whole published catalog, free to download and reuse: every public field of every item, with its stable id and its identifiers (DOI, arXiv, PubMed, repository).',
            )}
          </Text>
        </Stack>

        <PageSection id="data-files" title={t('Files')}>
          {error instanceof OpenDataNotReadyError ? (
            <Alert color="blue" title={t('Being generated')}>
              {t('The files are being generated. Reload this page in a minute.')}
            </Alert>
          ) : error ? (
            <Alert color="red" title={t('Could not list the files')}>
              {error instanceof Error ? error.message : t('Try again later.')}
            </Alert>
          ) : manifest ? (
            <>
              <Text data-testid="data-generated">
                {t(
                  'Generated {when} from {count} published items. The files are made again whenever the catalog changes, and every few hours.',
                  {
                    when: formatDate(manifest.generated_at, { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }),
                    count: formatCount(manifest.item_count),
                  },
                )}
              </Text>
              <FilesTable manifest={manifest} />
              <Text size="sm" c="dimmed">
                <Trans
                  id="Check a download with <0>sha256sum catalog.jsonl.gz</0>; the ETag of each file is its SHA-256."
                  components={{ 0: <Code /> }}
                />
              </Text>
            </>
          ) : (
            <Stack gap="xs" aria-busy="true" aria-label={t('Loading the files')}>
              <Skeleton height={18} width="60%" />
              <Skeleton height={120} />
            </Stack>
          )}
        </PageSection>

        <PageSection id="data-licence" title={t('Licence')}>
          <Text>
            <Trans
              id="The catalog text (titles, summaries, descriptions and the other fields SciAI writes) is licensed <0>{name} ({licence})</0>, unless an item says otherwise in its <1>content_license</1> field. Credit “SciAI” with a link to the item’s page. Logos, abstracts and the linked works belong to their owners."
              values={{ name: CATALOG_LICENSE_NAME, licence: CATALOG_LICENSE }}
              components={{
                0: <Anchor href={CATALOG_LICENSE_URL} target="_blank" rel="noopener noreferrer" />,
                1: <Code />,
              }}
            />
          </Text>
          {manifest?.licenses && <SourceLicences licenses={manifest.licenses} />}
        </PageSection>

        <PageSection id="data-schema" title={t('Schema')}>
          <Text>
            <Trans
              id="<0>catalog.jsonl.gz</0>: one JSON object per line, as an item’s page shows it: <0>id</0> (stable UUID), <0>slug</0>, <0>content_type</0> (software, paper, company or agent), <0>title</0>, <0>short_description</0>, <0>description</0>, <0>url</0>, <0>organization</0>, <0>domains</0>, <0>tags</0>, <0>verified</0>, dates, counters, <0>path</0> (the page on this site), <0>identifiers</0>, <0>content_license</0>, <0>sources</0> (the source records behind the item, with their licences), and one object of the item’s own type (<0>software</0>, <0>paper</0>, <0>company</0> or <0>agent</0>)."
              components={{ 0: <Code /> }}
            />
          </Text>
          <Text>
            <Trans
              id="<0>catalog.csv.gz</0>: a header row, then one row per item, in these columns:"
              components={{ 0: <Code /> }}
            />
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {CATALOG_CSV_COLUMNS.join(', ')}
          </Code>
          <Text size="sm" c="dimmed">
            <Trans
              id="<0>sources</0> holds the item’s source records as a JSON array (source, kind, record URL, licence, share-alike, and the snapshot’s date or, for a record read live, the day it was last fetched); <0>source_licenses</0> their licences and <0>share_alike</0> whether any is share-alike. This file is for reading: <0>sciai import</0> takes the import columns below, not these. Cells that a spreadsheet would run as a formula begin with an apostrophe."
              components={{ 0: <Code /> }}
            />
          </Text>
        </PageSection>

        <PageSection id="data-tools" title={t('For tools and language models')}>
          <Text>
            <Trans
              id="Administrators make the same files with <0>sciai export --format jsonl|csv -o FILE</0>; with <0>--type software|paper|company|agent</0> the CSV has the import columns, ready for <0>sciai import</0> into another SciAI. Item pages answer <0>Accept: application/ld+json</0> with their schema.org data, and add <0>.md</0> to an item’s address for Markdown. <1>/llms.txt</1> lists it all for language models."
              components={{ 0: <Code />, 1: <Anchor href="/llms.txt" /> }}
            />
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
        <Trans
          id="The files include records of these sources, each under its own licence (an item’s <0>sources</0> in <0>catalog.jsonl.gz</0> and <0>catalog.csv.gz</0> names its records; see <1>About the data</1>):"
          components={{ 0: <Code />, 1: <Anchor component={Link} href="/about/data" underline="always" /> }}
        />
      </Text>
      <List size="sm" aria-label={t('Source licences')}>
        {licenses.sources.map((source) => (
          <List.Item key={source.id}>
            {source.name}: {source.license_label}
          </List.Item>
        ))}
      </List>
      {licenses.share_alike_included && (
        <Text data-testid="share-alike-included">
          {t('Share-alike records are included: text copied from {sources} keeps its licence when you reuse it.', {
            sources: licenses.sources
              .filter((source) => source.share_alike)
              .map((source) => source.name)
              .join(', '),
          })}
        </Text>
      )}
    </>
  );
}
