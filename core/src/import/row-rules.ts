import { slugify } from '../format.ts';
import { EMPLOYEE_RANGES, FUNDING_STAGES, INTERACTION_MODES, PRICING_MODELS } from '../content.ts';
import { SOFTWARE_LIST_LIMITS, type ImportType } from './columns.ts';
import { softwareDuplicateKey } from './duplicate-key.ts';
import { checkLength, readCount, readDate, readDoi, readJsonObject } from './cell-readers.ts';
import {
  readAuthorList,
  readAvailability,
  readChangingFact,
  readFirstRelease,
  readFoundedYear,
  readLicense,
  readWeightsLicense,
} from './fact-rules.ts';
import { readNamedPapers } from './named-papers.ts';
import { IMPORT_MESSAGES, unknownDomains } from './messages.ts';
import type { CsvRow } from './parse-csv.ts';
import { RowReader, type ImportRecord, type RowIssue } from './row-reader.ts';
import { t } from '../i18n/translate.ts';

export type { ImportRecord, ImportValue, IssueLevel, RowIssue } from './row-reader.ts';
export { FACT_MESSAGES, readAuthorList } from './fact-rules.ts';

export type RowStatus = 'Valid' | 'Warning' | 'Invalid';

export interface ValidatedRow {
  rowNumber: number;
  status: RowStatus;
  /** Title, else name, else 'Untitled' (docs/product.md#csv-preview). */
  title: string;
  issues: RowIssue[];
  /** The key duplicates are found by (duplicate-key.ts): DOI, name, or a tool's name and link. */
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
  if (!title) reader.error(NAME_REQUIRED[type]());
  const fields = READ_FIELDS[type](reader);
  const domainSlugs = resolveDomains(reader, domains);
  const record: ImportRecord = {
    title: title ?? '',
    slug: slugFor(title ?? '', type),
    ...fields,
    domains: domainSlugs,
  };
  return {
    rowNumber: row.rowNumber,
    status: statusOf(reader.issues),
    title: title ?? IMPORT_MESSAGES.untitled,
    issues: reader.issues,
    duplicateKey: duplicateKeyOf(type, title, record),
    skip: false,
    record,
  };
}

/** Read as a row is checked: the messages are in the page's language, which is set after this module loads. */
const NAME_REQUIRED: Record<ImportType, () => string> = {
  software: () => IMPORT_MESSAGES.softwareNameRequired,
  paper: () => IMPORT_MESSAGES.titleRequired,
  company: () => IMPORT_MESSAGES.companyNameRequired,
  agent: () => IMPORT_MESSAGES.agentNameRequired,
};

const READ_FIELDS: Record<ImportType, (reader: RowReader) => ImportRecord> = {
  software: readSoftware,
  paper: readPaper,
  company: readCompany,
  agent: readAgent,
};

function duplicateKeyOf(type: ImportType, title: string | null, record: ImportRecord): string | null {
  if (type === 'paper') return typeof record.doi === 'string' ? record.doi.toLowerCase() : null;
  if (title === null) return null;
  if (type === 'software') return softwareDuplicateKey(title, typeof record.url === 'string' ? record.url : null);
  return title.toLowerCase();
}

function readPaper(reader: RowReader): ImportRecord {
  const abstract = reader.text('abstract', DESCRIPTION_MAX);
  if (!abstract) reader.warn(IMPORT_MESSAGES.missingAbstract);
  const doi = reader.take(readDoi(reader.cells.doi ?? ''), null);
  const keywords = reader.list('keywords');
  const { authors, complete: authorsComplete } = readAuthorList(reader.list('authors'));
  for (const author of authors) reader.error(checkLength(author, NAME_MAX, t('Author name')));
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

function readSoftware(reader: RowReader): ImportRecord {
  const pricing = reader.text('pricing_model')?.toLowerCase() ?? null;
  const pricingModels: readonly string[] = PRICING_MODELS;
  if (pricing !== null && !pricingModels.includes(pricing)) {
    reader.error(t('pricing_model must be one of: {values}', { values: pricingModels.join(', ') }));
  }
  const { entries, entryLength, keyFeatures, keyFeatureLength } = SOFTWARE_LIST_LIMITS;
  return {
    description: reader.text('description', DESCRIPTION_MAX) ?? '',
    short_description: reader.text('short_description', SHORT_MAX) ?? '',
    url: reader.url('url'),
    tags: boundedList(reader, 'tags', entries, entryLength),
    key_features: boundedList(reader, 'key_features', keyFeatures, keyFeatureLength),
    github_url: reader.url('github_url'),
    organization_name: reader.text('organization_name', NAME_MAX),
    pricing_model: pricing,
    ...readLicense(reader),
    programming_languages: boundedList(reader, 'programming_languages', entries, entryLength),
    first_release: readFirstRelease(reader),
    api_available: reader.bool('api_available'),
    ...readModelTerms(reader),
  };
}

/** A list cell with at most `maxEntries` entries of at most `maxLength` characters each. */
function boundedList(reader: RowReader, column: string, maxEntries: number, maxLength: number): string[] {
  const values = reader.list(column);
  if (values.length > maxEntries) reader.error(`${column} must have at most ${maxEntries} entries`);
  if (values.some((value) => value.length > maxLength)) {
    reader.error(t('Each of {column} must be at most {max} characters', { column, max: maxLength }));
  }
  return values;
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

function readAgent(reader: RowReader): ImportRecord {
  const capabilities = reader.list('capabilities');
  const mode = reader.text('interaction_mode')?.toLowerCase() ?? null;
  const modes: readonly string[] = INTERACTION_MODES;
  if (mode !== null && !modes.includes(mode))
    reader.error(t('interaction_mode must be one of: {values}', { values: modes.join(', ') }));
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
    ...readModelTerms(reader),
  };
}

/**
 * What a tool and an agent have apart from their code (docs/product.md#facts): the weights'
 * licence, how it can be had, and the papers to cite for it (docs/product.md#paper-to-cite).
 */
function readModelTerms(reader: RowReader): ImportRecord {
  return {
    weights_license: readWeightsLicense(reader),
    availability: readAvailability(reader),
    ...readNamedPapers(reader),
  };
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

/** The catalog's slug rules (docs/product.md#slugs): the title's slug, else the type. */
export function slugFor(title: string, type: ImportType): string {
  return slugify(title) || type;
}
