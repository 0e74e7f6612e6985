import { slugify } from '../format.ts';
import { DOMAIN_SLUGS, type DomainSlug } from '../domains.ts';

export const HARVEST_SOURCES = ['openalex', 'arxiv', 'crossref', 'github', 'huggingface', 'biotools'] as const;
export type HarvestSource = (typeof HARVEST_SOURCES)[number];

/** github_id is GitHub's numeric repository id: a renamed repository keeps it. */
export const ID_SCHEMES = [
  'doi',
  'arxiv',
  'openalex',
  'github',
  'github_id',
  'huggingface',
  'biotools',
  'url',
] as const;
export type IdScheme = (typeof ID_SCHEMES)[number];
export interface ExternalId {
  scheme: IdScheme;
  value: string;
}

/** Paper fields a source may know (papers table). */
export interface HarvestPaper {
  abstract?: string;
  doi?: string;
  arxiv_id?: string;
  journal_name?: string;
  publication_date?: string;
  open_access?: boolean;
  peer_reviewed?: boolean;
  citation_count?: number;
  keywords?: string[];
  /** false when the source's author list stops short (or harvest cut it): shown 'et al.' (docs/product.md#facts). */
  authors_complete?: boolean;
}

/** Software fields a source may know (software table). */
export interface HarvestSoftware {
  github_url?: string;
  license?: string;
  programming_languages?: string[];
  github_stars?: number;
  /**
   * YYYY, YYYY-MM or YYYY-MM-DD; the item's year follows it. No open_source: the database derives
   * it from the licence (docs/product.md#facts).
   */
  first_release?: string;
}

/** A source's record, as item_sources keeps it: the source's id for it and its https page. */
export interface LiveRecord {
  id: string;
  url: string;
}

/** One record of a source as a SciAI item, what commit_harvest_page takes. */
export interface HarvestItem {
  content_type: 'paper' | 'software';
  title: string;
  slug?: string;
  description?: string;
  short_description?: string;
  url?: string;
  year?: number;
  tags?: string[];
  domains: DomainSlug[];
  /** Paper authors in order, or software creators. */
  authors?: string[];
  ids: ExternalId[];
  paper?: HarvestPaper;
  software?: HarvestSoftware;
  /** Source facts the catalog has no column for (stars' siblings, downloads, versions, institutions). */
  metadata?: Record<string, unknown>;
  /** The records of the harvested source it came from (live-records.ts), kept as its sources. */
  records?: LiveRecord[];
}

/** A record a mapper would not turn into an item, with the reason the run reports. */
export interface RefusedRecord {
  ref: string;
  reason: string;
}
export type MappedRecord = { ok: true; item: HarvestItem } | { ok: false; refused: RefusedRecord };

const MAX_TITLE = 300;
const MAX_SHORT = 300;
const MAX_DESCRIPTION = 20_000;
const MAX_AUTHORS = 100;

/** A first release as the database takes it: '2021', '2021-07' or a real '2021-07-15'. */
function isPartialDate(value: string): boolean {
  const match = /^(1[89]|20|21)\d\d(?:-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?)?$/.exec(value);
  if (!match) return false;
  if (value.length < 10) return true;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Lower-case DOI without its resolver prefix, or undefined when it is not a DOI. */
export function normalizeDoi(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const doi = value
    .trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '')
    .toLowerCase();
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : undefined;
}

/** arXiv id without version or URL (2101.00001, hep-th/9901001). */
export function normalizeArxivId(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const id = value
    .trim()
    .replace(/^(?:https?:\/\/(?:export\.)?arxiv\.org\/(?:abs|pdf)\/|arxiv:)/i, '')
    .replace(/\.pdf$/i, '')
    .replace(/v\d+$/i, '');
  return /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})$/i.test(id) ? id : undefined;
}

/** Text without tags, entities decoded, whitespace collapsed (abstracts arrive with JATS or HTML). */
export function plainText(value: string | null | undefined): string {
  if (!value) return '';
  return (
    decodeEntities(value.replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim()
      // Control characters (after whitespace became spaces): never meaningful in a title or
      // abstract, and PostgreSQL refuses NUL.
      .replace(/\p{Cc}/gu, '')
  );
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  return /^https?:\/\/\S+$/i.test(url) && url.length <= 2000 ? url : undefined;
}

function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  return `${value.slice(0, max - 1).trimEnd()}…`;
}

/** The first sentence-ish part of a text, for the short description. */
export function shortFrom(text: string): string {
  return cut(text, MAX_SHORT);
}

/**
 * The last check before an item is sent: the database's limits met (lengths, URL and DOI forms,
 * known domains, distinct identifiers), so one odd record never fails a whole page.
 */
export function finishItem(item: HarvestItem, ref: string): MappedRecord {
  const title = plainText(item.title);
  if (title === '') return { ok: false, refused: { ref, reason: 'No title' } };
  const ids = dedupeIds(item.ids);
  if (ids.length === 0) return { ok: false, refused: { ref, reason: 'No stable identifier' } };
  const authors = distinct((item.authors ?? []).map((name) => cut(plainText(name), 200)).filter(Boolean));
  const finished: HarvestItem = {
    ...item,
    title: cut(title, MAX_TITLE),
    slug: slugify(title) || undefined,
    description: cut(item.description ?? '', MAX_DESCRIPTION),
    short_description: cut(plainText(item.short_description), MAX_SHORT),
    url: httpUrl(item.url),
    year: item.year !== undefined && item.year >= 1800 && item.year <= 2100 ? Math.trunc(item.year) : undefined,
    tags: distinct((item.tags ?? []).map((tag) => plainText(tag).slice(0, 100)).filter(Boolean)).slice(0, 30),
    domains: distinct(item.domains.filter((slug) => (DOMAIN_SLUGS as readonly string[]).includes(slug))),
    authors: authors.slice(0, MAX_AUTHORS),
    ids,
  };
  if (finished.paper) {
    const paper = { ...finished.paper };
    // a list cut here, or already cut by the source, stops short
    if (authors.length > MAX_AUTHORS) paper.authors_complete = false;
    if (paper.authors_complete !== false) delete paper.authors_complete;
    paper.doi = normalizeDoi(paper.doi);
    if (paper.abstract !== undefined) paper.abstract = cut(paper.abstract, MAX_DESCRIPTION);
    if (paper.journal_name !== undefined) paper.journal_name = cut(plainText(paper.journal_name), 300) || undefined;
    if (paper.publication_date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(paper.publication_date)) {
      delete paper.publication_date;
    }
    if (paper.citation_count !== undefined) paper.citation_count = Math.max(0, Math.trunc(paper.citation_count) || 0);
    finished.paper = paper;
  }
  if (finished.software) {
    const software = { ...finished.software };
    software.github_url = httpUrl(software.github_url);
    if (software.github_stars !== undefined)
      software.github_stars = Math.max(0, Math.trunc(software.github_stars) || 0);
    if (software.license !== undefined) software.license = cut(plainText(software.license), 100) || undefined;
    if (software.first_release !== undefined && !isPartialDate(software.first_release)) delete software.first_release;
    finished.software = software;
  }
  return { ok: true, item: finished };
}

function dedupeIds(ids: readonly ExternalId[]): ExternalId[] {
  const seen = new Set<string>();
  const result: ExternalId[] = [];
  for (const id of ids) {
    const value = id.value.trim();
    if (value === '' || value.length > 500) continue;
    const key = `${id.scheme}:${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ scheme: id.scheme, value });
  }
  return result;
}

function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** Reads a value of a JSON record, for mappers walking untrusted documents. */
export function field(record: unknown, ...path: (string | number)[]): unknown {
  let value: unknown = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
export function textField(record: unknown, ...path: (string | number)[]): string | undefined {
  const value = field(record, ...path);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
export function numberField(record: unknown, ...path: (string | number)[]): number | undefined {
  const value = field(record, ...path);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
export function listField(record: unknown, ...path: (string | number)[]): unknown[] {
  const value = field(record, ...path);
  return Array.isArray(value) ? value : [];
}
export function textList(record: unknown, ...path: (string | number)[]): string[] {
  return listField(record, ...path).filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
}
