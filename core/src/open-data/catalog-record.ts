import Papa from 'papaparse';
import { neutraliseCell } from '../export/csv.ts';
import { itemPath } from '../item-paths.ts';
import { contentLicenseOf, externalIdentifiers, type PublicItem } from './catalog-item.ts';

/**
 * One line of catalog.jsonl: every field item_details() gives anyone, with the stable id, the
 * page path (and URL when the site's address is known), the outside identifiers and the
 * licence of the text. Only the moderation status is left out: a dump holds published items only.
 */
export function catalogRecord(item: PublicItem, origin: string | undefined): Record<string, unknown> {
  const path = itemPath(item.content_type, item.slug);
  const { status: _status, ...fields } = item as PublicItem & { status?: unknown };
  return {
    ...fields,
    path,
    ...(origin ? { page_url: `${origin}${path}` } : {}),
    identifiers: externalIdentifiers(item),
    content_license: contentLicenseOf(item),
  };
}

/** catalog.jsonl's lines: one JSON object per published item, no line breaks inside. */
export function catalogJsonLine(item: PublicItem, origin: string | undefined): string {
  return `${JSON.stringify(catalogRecord(item, origin))}\n`;
}

/**
 * The columns of catalog.csv, the same for every type (a type's own columns empty on the others).
 * An export for reading, not for `sciai import`, whose columns are the templates' (import-ready-csv.ts).
 */
export const CATALOG_CSV_COLUMNS = [
  'id',
  'content_type',
  'slug',
  'path',
  'title',
  'short_description',
  'description',
  'url',
  'organization',
  'organization_website',
  'domains',
  'domain_slugs',
  'tags',
  'year',
  'verified',
  'published_at',
  'updated_at',
  'content_license',
  'doi',
  'arxiv_id',
  'pubmed_id',
  'journal_name',
  'publication_date',
  'authors',
  'authors_complete',
  'citations',
  'citations_source',
  'citations_as_of',
  'keywords',
  'abstract',
  'github_url',
  'github_stars',
  'github_stars_source',
  'github_stars_as_of',
  'github_stars_via',
  'license',
  'pricing_model',
  'open_source',
  'first_release',
  'programming_languages',
  'founded_year',
  'headquarters',
  'industry_focus',
  'business_model',
  'model_type',
  'specialization',
  'interaction_mode',
  'capabilities',
  'sources',
  'source_licenses',
  'share_alike',
] as const;

export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

const joined = (values: readonly string[] | null | undefined) => (values ?? []).join('; ');
const text = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function catalogCsvCells(item: PublicItem): Record<CatalogCsvColumn, string> {
  const { software, paper, company, agent } = item;
  const { github_stars: stars, citations } = item.figures ?? {};
  return {
    id: item.id,
    content_type: item.content_type,
    slug: item.slug,
    path: itemPath(item.content_type, item.slug),
    title: item.title,
    short_description: item.short_description,
    description: item.description,
    url: text(item.url),
    organization: text(item.organization?.name),
    organization_website: text(item.organization?.website),
    domains: joined(item.domains.map((domain) => domain.name)),
    domain_slugs: joined(item.domains.map((domain) => domain.slug)),
    tags: joined(item.tags),
    year: text(item.year),
    verified: String(item.verified),
    published_at: text(item.published_at),
    updated_at: item.updated_at,
    content_license: contentLicenseOf(item),
    doi: text(paper?.doi),
    arxiv_id: text(paper?.arxiv_id),
    pubmed_id: text(paper?.pubmed_id),
    journal_name: text(paper?.journal_name),
    publication_date: text(paper?.publication_date),
    authors: joined(paper?.authors),
    // 'false' when the list stops short (docs/product.md#facts); empty on other types
    authors_complete: paper ? String(paper.authors_complete ?? true) : '',
    // figures only with their source and date (docs/product.md#facts)
    citations: text(citations?.value),
    citations_source: text(citations?.source),
    citations_as_of: text(citations?.as_of),
    keywords: joined(paper?.keywords),
    abstract: text(paper?.abstract),
    github_url: text(software?.github_url),
    github_stars: text(stars?.value),
    github_stars_source: text(stars?.source),
    github_stars_as_of: text(stars?.as_of),
    github_stars_via: text(stars?.via),
    license: text(software?.license ?? agent?.license),
    pricing_model: text(software?.pricing_model ?? agent?.pricing_model),
    open_source: software || agent ? String(Boolean(software?.open_source ?? agent?.open_source)) : '',
    first_release: text(software?.first_release ?? agent?.first_release),
    programming_languages: joined(software?.programming_languages),
    founded_year: text(company?.founded_year),
    headquarters: text(company?.headquarters),
    industry_focus: joined(company?.industry_focus),
    business_model: text(company?.business_model),
    model_type: text(agent?.model_type),
    specialization: text(agent?.specialization),
    interaction_mode: text(agent?.interaction_mode),
    capabilities: joined(agent?.capabilities),
    ...sourceCells(item.sources ?? []),
  };
}

/**
 * The records behind an item (docs/product.md#sources): `sources` a JSON array (each record's
 * source, kind, URL, licence and date: a cell of its own would split them apart), its licences
 * joined, and whether any is share-alike; all three empty for an item no source lists.
 */
function sourceCells(sources: NonNullable<PublicItem['sources']>) {
  if (!sources.length) return { sources: '', source_licenses: '', share_alike: '' };
  const records = sources.map((entry) => ({
    source: entry.source,
    name: entry.name,
    kind: entry.kind ?? 'snapshot',
    record_url: entry.record_url,
    license: entry.license,
    share_alike: entry.share_alike,
    ...(entry.kind === 'live'
      ? { fetched_on: entry.fetched_on ?? null }
      : { snapshot_date: entry.snapshot_date ?? null }),
  }));
  return {
    sources: JSON.stringify(records),
    source_licenses: joined([...new Set(sources.map((entry) => entry.license))]),
    share_alike: String(sources.some((entry) => entry.share_alike)),
  };
}

/** The header line of catalog.csv (RFC 4180, CRLF). */
export function catalogCsvHeader(): string {
  return `${Papa.unparse([[...CATALOG_CSV_COLUMNS]], { newline: '\r\n', quotes: true })}\r\n`;
}

/** Rows of catalog.csv; cells a spreadsheet would run as a formula get a leading apostrophe. */
export function catalogCsvRows(items: readonly PublicItem[]): string {
  if (!items.length) return '';
  const rows = items.map((item) => {
    const cells = catalogCsvCells(item);
    return CATALOG_CSV_COLUMNS.map((column) => neutraliseCell(cells[column]));
  });
  return `${Papa.unparse(rows, { newline: '\r\n', quotes: true })}\r\n`;
}
