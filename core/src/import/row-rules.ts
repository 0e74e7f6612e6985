import { slugify } from '../format.ts';
import { EMPLOYEE_RANGES, FUNDING_STAGES, INTERACTION_MODES } from '../content.ts';
import { LICENSE_MAX_LENGTH, licenseStatus } from '../catalog/license-status.ts';
import { PartialDateSchema } from '../catalog/catalog-item.ts';
import type { ImportType } from './columns.ts';
import {
  checkLength,
  readBoolean,
  readCount,
  readDate,
  readDoi,
  readJsonObject,
  readUrl,
  textOrNull,
} from './cell-readers.ts';
import { parseListLike } from './list-like.ts';
import { IMPORT_MESSAGES, unknownDomains } from './messages.ts';
import type { CsvRow } from './parse-csv.ts';

export type RowStatus = 'Valid' | 'Warning' | 'Invalid';
export type IssueLevel = 'error' | 'warning';
export interface RowIssue {
  level: IssueLevel;
  message: string;
}

/** A JSON-ready row for staging: the content item's fields plus its type's fields. */
export type ImportValue = string | number | boolean | null | string[] | Record<string, unknown>;
export type ImportRecord = Record<string, ImportValue>;

export interface ValidatedRow {
  rowNumber: number;
  status: RowStatus;
  /** Title, else name, else 'Untitled' (docs/product.md#csv-preview). */
  title: string;
  issues: RowIssue[];
  /** The key duplicates are found by: lower-cased DOI for papers, name for companies and agents. */
  duplicateKey: string | null;
  /** Set when the row repeats an earlier row or an existing item; such rows are not imported. */
  skip: boolean;
  record: ImportRecord;
}

export interface ImportDomain {
  slug: string;
  name: string;
}

/** Domain names (any letter case) and slugs to slugs. Build once per file. */
export type DomainLookup = ReadonlyMap<string, string>;
export function createDomainLookup(domains: readonly ImportDomain[]): DomainLookup {
  const lookup = new Map<string, string>();
  for (const domain of domains) {
    lookup.set(domain.slug.toLowerCase(), domain.slug);
    lookup.set(domain.name.trim().toLowerCase(), domain.slug);
  }
  return lookup;
}

/** Collects the row's issues while its fields are read. */
class RowReader {
  readonly issues: RowIssue[] = [];
  readonly cells: Record<string, string>;
  constructor(cells: Record<string, string>) {
    this.cells = cells;
  }
  error(message: string | undefined): void {
    if (message) this.issues.push({ level: 'error', message });
  }
  warn(message: string): void {
    this.issues.push({ level: 'warning', message });
  }
  text(column: string, max?: number): string | null {
    const value = textOrNull(this.cells[column]);
    if (max !== undefined) this.error(checkLength(value, max, column));
    return value;
  }
  list(column: string): string[] {
    return parseListLike(this.cells[column] ?? '');
  }
  bool(column: string): boolean {
    return readBoolean(this.cells[column] ?? '');
  }
  take<T>(result: { ok: true; value: T } | { ok: false; error: string }, fallback: T): T {
    if (result.ok) return result.value;
    this.error(result.error);
    return fallback;
  }
  url(column: string): string | null {
    return this.take(readUrl(this.cells[column] ?? '', column), null);
  }
}

const TITLE_MAX = 300;
const SHORT_MAX = 300;
const DESCRIPTION_MAX = 20_000;
const NAME_MAX = 200;
const SHORT_FALLBACK = 200;

export function statusOf(issues: readonly RowIssue[]): RowStatus {
  if (issues.some((issue) => issue.level === 'error')) return 'Invalid';
  return issues.length > 0 ? 'Warning' : 'Valid';
}

/** The row rules (docs/product.md#csv-rows) for one parsed row. */
export function validateImportRow(type: ImportType, row: CsvRow, domains: DomainLookup): ValidatedRow {
  const reader = new RowReader(row.cells);
  const titleColumn = type === 'paper' ? 'title' : 'name';
  const title = reader.text(titleColumn, TITLE_MAX);
  if (!title) {
    reader.error(
      type === 'paper'
        ? IMPORT_MESSAGES.titleRequired
        : type === 'company'
          ? IMPORT_MESSAGES.companyNameRequired
          : IMPORT_MESSAGES.agentNameRequired,
    );
  }
  const fields = type === 'paper' ? readPaper(reader) : type === 'company' ? readCompany(reader) : readAgent(reader);
  const domainSlugs = resolveDomains(reader, domains);
  const record: ImportRecord = {
    title: title ?? '',
    slug: slugFor(title ?? '', type),
    ...fields,
    domains: domainSlugs,
  };
  const doi = type === 'paper' ? record.doi : null;
  return {
    rowNumber: row.rowNumber,
    status: statusOf(reader.issues),
    title: title ?? IMPORT_MESSAGES.untitled,
    issues: reader.issues,
    duplicateKey:
      type === 'paper' ? (typeof doi === 'string' ? doi.toLowerCase() : null) : (title?.toLowerCase() ?? null),
    skip: false,
    record,
  };
}

function readPaper(reader: RowReader): ImportRecord {
  const abstract = reader.text('abstract', DESCRIPTION_MAX);
  if (!abstract) reader.warn(IMPORT_MESSAGES.missingAbstract);
  const doi = reader.take(readDoi(reader.cells.doi ?? ''), null);
  const keywords = reader.list('keywords');
  const { authors, complete: authorsComplete } = readAuthorList(reader.list('authors'));
  for (const author of authors) reader.error(checkLength(author, NAME_MAX, 'Author name'));
  return {
    description: abstract ?? '',
    short_description: reader.text('short_description', SHORT_MAX) ?? (abstract ?? '').slice(0, SHORT_FALLBACK).trim(),
    url: reader.url('url') ?? (doi ? `https://doi.org/${doi}` : null),
    tags: keywords,
    abstract,
    doi,
    arxiv_id: reader.text('arxiv_id'),
    pubmed_id: reader.text('pubmed_id'),
    journal_name: reader.text('journal_name'),
    volume: reader.text('volume'),
    issue: reader.text('issue'),
    pages: reader.text('pages'),
    publication_date: reader.take(readDate(reader.cells.publication_date ?? '', IMPORT_MESSAGES.invalidDate), null),
    peer_reviewed: reader.bool('peer_reviewed'),
    open_access: reader.bool('open_access'),
    citation_count: reader.take(readCount(reader.cells.citation_count ?? '', 'citation_count'), 0),
    keywords,
    research_goals: reader.list('research_goals'),
    key_findings: reader.list('key_findings'),
    methodology: reader.text('methodology'),
    limitations: reader.text('limitations'),
    future_work: reader.text('future_work'),
    authors,
    authors_complete: authorsComplete,
  };
}

/**
 * docs/product.md#facts: the authors column lists every author in order; a last entry "et al."
 * (or "and others") says the list stops short. It is not a name: it is dropped and the paper is
 * marked incomplete, so pages and exports say "et al." instead of passing the list off as whole.
 */
export function readAuthorList(names: readonly string[]): { authors: string[]; complete: boolean } {
  const last = names.at(-1);
  const truncated = last !== undefined && /^(et\.?\s*al\.?|and\s+others)$/i.test(last.trim());
  return { authors: truncated ? names.slice(0, -1) : [...names], complete: !truncated };
}

function readCompany(reader: RowReader): ImportRecord {
  const industryFocus = reader.list('industry_focus');
  const organizationName = reader.text('organization_name', NAME_MAX);
  return {
    description: reader.text('description', DESCRIPTION_MAX) ?? '',
    short_description: reader.text('short_description', SHORT_MAX) ?? '',
    url: reader.url('website'),
    tags: industryFocus,
    business_model: reader.text('business_model'),
    moat: reader.text('moat'),
    industry_focus: industryFocus,
    target_customers: reader.list('target_customers'),
    traction_metrics: reader.take(readJsonObject(reader.cells.traction_metrics ?? '', 'traction_metrics'), {}),
    partnerships: reader.list('partnerships'),
    awards_recognition: reader.list('awards_recognition'),
    press_mentions: reader.list('press_mentions'),
    organization_name: organizationName,
    organization_website: reader.url('organization_website'),
    organization_description: reader.text('organization_description', 5_000),
    founded_year: readFoundedYear(reader),
    ...readChangingFact(reader, 'funding_stage', FUNDING_STAGES),
    ...readChangingFact(reader, 'employee_count', EMPLOYEE_RANGES),
    ...readChangingFact(reader, 'headquarters', null),
  };
}

function readFoundedYear(reader: RowReader): number | null {
  const value = reader.cells.founded_year?.trim() ?? '';
  if (value === '') return null;
  if (!/^\d{4}$/.test(value) || Number(value) < 1800 || Number(value) > 2100) {
    reader.error(FACT_MESSAGES.foundedYear);
    return null;
  }
  return Number(value);
}

/**
 * A company fact that changes (docs/product.md#facts) with its `_as_of` date and `_source` link.
 * A date or link without the fact is an error; the fact without them is imported with a warning:
 * its page then says it is undated.
 */
function readChangingFact(reader: RowReader, name: string, allowed: readonly string[] | null): ImportRecord {
  const value = reader.text(name, 200);
  if (value !== null && allowed !== null && !allowed.includes(value)) {
    reader.error(`${name} must be one of: ${allowed.join(', ')}`);
  }
  const asOf = reader.take(readDate(reader.cells[`${name}_as_of`] ?? '', FACT_MESSAGES.asOfFormat(name)), null);
  if (asOf !== null && asOf > new Date().toISOString().slice(0, 10)) reader.error(FACT_MESSAGES.asOfFuture(name));
  const source = reader.url(`${name}_source`);
  if (source !== null) reader.error(checkLength(source, 2_000, `${name}_source`));
  if (value === null && (asOf !== null || source !== null)) reader.error(FACT_MESSAGES.dateWithoutFact(name));
  if (value !== null && (asOf === null || source === null)) reader.warn(FACT_MESSAGES.undated(name));
  return { [name]: value, [`${name}_as_of`]: asOf, [`${name}_source`]: source };
}

export const FACT_MESSAGES = {
  foundedYear: 'founded_year must be a year between 1800 and 2100',
  firstRelease: 'first_release must be YYYY, YYYY-MM or YYYY-MM-DD',
  openSourceColumn:
    'open_source is not imported: it is derived from the licence. Leave the column out and give license as an SPDX id (e.g. MIT)',
  asOfFormat: (name: string) => `${name}_as_of must be a date written YYYY-MM-DD`,
  asOfFuture: (name: string) => `${name}_as_of is in the future`,
  dateWithoutFact: (name: string) => `${name}_as_of and ${name}_source need ${name}`,
  undated: (name: string) => `${name} has no as-of date and source: its page will show it as undated`,
  unknownLicense: (license: string) =>
    `license "${license}" is not an SPDX id or expression: the page will claim neither open source nor source available`,
};

function readAgent(reader: RowReader): ImportRecord {
  const capabilities = reader.list('capabilities');
  const mode = reader.text('interaction_mode')?.toLowerCase() ?? null;
  const modes: readonly string[] = INTERACTION_MODES;
  if (mode !== null && !modes.includes(mode)) reader.error(`interaction_mode must be one of: ${modes.join(', ')}`);
  return {
    description: reader.text('description', DESCRIPTION_MAX) ?? '',
    short_description: reader.text('short_description', SHORT_MAX) ?? '',
    url: reader.url('url'),
    tags: capabilities,
    model_type: reader.text('model_type'),
    specialization: reader.text('specialization'),
    interaction_mode: mode,
    capabilities,
    integration_options: reader.list('integration_options'),
    ...readLicense(reader),
    first_release: readFirstRelease(reader),
  };
}

/** docs/product.md#facts: a licence, never an open_source flag (derived from the licence). */
function readLicense(reader: RowReader): ImportRecord {
  if ((reader.cells.open_source ?? '').trim() !== '') reader.error(FACT_MESSAGES.openSourceColumn);
  const license = reader.text('license', LICENSE_MAX_LENGTH);
  if (license !== null && license.length <= LICENSE_MAX_LENGTH && licenseStatus(license) === null) {
    reader.warn(FACT_MESSAGES.unknownLicense(license));
  }
  return { license };
}

function readFirstRelease(reader: RowReader): string | null {
  const value = textOrNull(reader.cells.first_release);
  if (value === null) return null;
  if (!PartialDateSchema.safeParse(value).success) {
    reader.error(FACT_MESSAGES.firstRelease);
    return null;
  }
  return value;
}

function resolveDomains(reader: RowReader, domains: DomainLookup): string[] {
  const slugs: string[] = [];
  const unknown: string[] = [];
  for (const name of reader.list('domains')) {
    const slug = domains.get(name.toLowerCase());
    if (slug === undefined) unknown.push(name);
    else if (!slugs.includes(slug)) slugs.push(slug);
  }
  if (unknown.length > 0) reader.error(unknownDomains(unknown));
  return slugs;
}

/** The catalog's slug rules (lower-case words joined by single hyphens, ≤ 200). */
export function slugFor(title: string, type: ImportType): string {
  const slug = slugify(title)
    .replace(/^-+|-+$/g, '')
    .slice(0, 180)
    .replace(/-+$/, '');
  return slug === '' ? type : slug;
}
