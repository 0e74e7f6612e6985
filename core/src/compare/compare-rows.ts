import type { ContentType } from '../content.ts';
import { AVAILABILITY_LABELS, PRICING_MODELS, type Availability, type PricingModel } from '../content.ts';
import { CONTENT_TYPE_LABELS } from '../content-labels.ts';
import { formatCount } from '../format.ts';
import { msg, t } from '../i18n/translate.ts';
import { typedYearLabel } from '../catalog/fact-labels.ts';
import type { ItemFigure, ItemFigures } from '../catalog/item-figure-schemas.ts';
import { figureSourceLine } from '../catalog/item-figures.ts';
import type { ItemRating } from '../catalog/item-rating-schema.ts';
import { formatRatingAverage } from '../catalog/item-rating.ts';
import { dataFactText, toolFactsOf, type ToolFacts } from '../catalog/tool-facts.ts';

/**
 * What the compare table needs to know about an item. The web's item detail (the item_details
 * SQL function) has this shape, so it is passed as it is; type-specific facts sit in the block
 * of the item's type, and imported or contributed items may carry them in `metadata` instead.
 */
export interface CompareSource {
  slug: string;
  title: string;
  content_type: ContentType;
  verified: boolean;
  year: number | null;
  key_features: readonly string[];
  competitive_advantages: readonly string[];
  metadata?: Readonly<Record<string, unknown>> | null;
  organization: { name: string } | null;
  domains: ReadonlyArray<{ name: string }>;
  software?:
    | ({
        pricing_model: string | null;
        open_source: boolean;
        api_available: boolean;
      } & ModelTerms)
    | null;
  /** Stars and citations, each with its source and date: never an undated number (docs/product.md#facts). */
  figures?: ItemFigures;
  /** Its published reviews' rating, or null (docs/product.md#compare). */
  rating?: ItemRating | null;
  agent?: ({ pricing_model: string | null; open_source: boolean } & ModelTerms) | null;
}

/** A tool's or agent's code licence, its weights' licence and how it can be had, each where known. */
interface ModelTerms {
  license?: string | null;
  weights_license?: string | null;
  availability?: Availability | null;
}

export type CompareCell =
  | { kind: 'missing' }
  | { kind: 'text'; text: string }
  /** A figure read from a source: `source` says which and when ('GitHub, as of 20 Aug 2026'). */
  | { kind: 'number'; value: number; text: string; source: string }
  | { kind: 'boolean'; value: boolean; text: string }
  | { kind: 'list'; items: string[] };

export const COMPARE_ROW_KEYS = [
  'type',
  'organization',
  'domains',
  'year',
  'pricing',
  'open_source',
  'code_license',
  'weights_license',
  'availability',
  'api_available',
  'github_stars',
  'citations',
  'rating',
  'operations',
  'input_data',
  'output_data',
  'tool_types',
  'packages',
  'latest_release',
  'key_features',
  'competitive_advantages',
  'verified',
] as const;

export type CompareRowKey = (typeof COMPARE_ROW_KEYS)[number];

/** The rows' headings: messages, shown with `t(label)` (buildCompareRows gives them translated). */
export const COMPARE_ROW_LABELS: Record<CompareRowKey, string> = {
  type: msg('Type'),
  organization: msg('Organization'),
  domains: msg('Domains'),
  year: msg('Year'),
  pricing: msg('Pricing'),
  open_source: msg('Open source'),
  code_license: msg('Code license'),
  weights_license: msg('Weights license'),
  availability: msg('Availability'),
  api_available: msg('API available'),
  github_stars: msg('GitHub stars'),
  citations: msg('Citations'),
  rating: msg('Rating'),
  operations: msg('What it does'),
  input_data: msg('Input data'),
  output_data: msg('Output data'),
  tool_types: msg('Tool types'),
  packages: msg('Packages'),
  latest_release: msg('Latest release'),
  key_features: msg('Key features'),
  competitive_advantages: msg('Competitive advantages'),
  verified: msg('Verified'),
};

export interface CompareRow {
  key: CompareRowKey;
  label: string;
  /** One cell per item, in the order of the items. */
  cells: CompareCell[];
  /** True when at least two items have different values (a missing value counts as a value). */
  differs: boolean;
}

/** Messages, shown with `t(label)`. */
export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: msg('Free'),
  freemium: msg('Freemium'),
  subscription: msg('Subscription'),
  paid: msg('Paid'),
  enterprise: msg('Enterprise'),
};

const MISSING: CompareCell = { kind: 'missing' };

const text = (value: string | null | undefined): CompareCell => {
  const trimmed = value?.trim();
  return trimmed ? { kind: 'text', text: trimmed } : MISSING;
};
const yesNo = (value: boolean | undefined): CompareCell =>
  value === undefined ? MISSING : { kind: 'boolean', value, text: value ? t('Yes') : t('No') };
const list = (values: readonly string[] | undefined): CompareCell => {
  const items = (values ?? []).map((value) => value.trim()).filter(Boolean);
  return items.length > 0 ? { kind: 'list', items } : MISSING;
};
const figure = (value: ItemFigure | undefined): CompareCell => {
  if (!value) return MISSING;
  const exact = Math.round(value.value);
  return { kind: 'number', value: exact, text: formatCount(exact), source: figureSourceLine(value) };
};

function metadataValue(item: CompareSource, key: string): unknown {
  return item.metadata?.[key];
}
function metadataBoolean(item: CompareSource, key: string): boolean | undefined {
  const value = metadataValue(item, key);
  return typeof value === 'boolean' ? value : undefined;
}
function isPricingModel(value: unknown): value is PricingModel {
  return typeof value === 'string' && (PRICING_MODELS as readonly string[]).includes(value);
}

function pricingOf(item: CompareSource): PricingModel | undefined {
  const candidates = [item.software?.pricing_model, item.agent?.pricing_model, metadataValue(item, 'pricing_model')];
  return candidates.find(isPricingModel);
}

/** What the sources state about a tool (docs/product.md#sources), from its metadata. */
function toolFacts(item: CompareSource): ToolFacts | undefined {
  return item.metadata ? toolFactsOf(item.metadata) : undefined;
}

/** 'PyPI: mace-torch', 'conda: mace': the packages a source names. */
function packagesOf(facts: ToolFacts | undefined): string[] {
  return [facts?.pypi && `PyPI: ${facts.pypi}`, facts?.conda && `conda: ${facts.conda}`].filter(
    (value): value is string => Boolean(value),
  );
}

/**
 * docs/product.md#compare: the ORCID-verified reviewers' mean and count, then the other reviews'
 * apart ('4.6 ★ from 12 ORCID-verified reviewers', '3.7 ★ from 3 other reviewers').
 */
function ratingLines(rating: ItemRating | null | undefined): string[] {
  if (!rating) return [];
  const verified = rating.verified_average;
  const other = rating.other_average;
  return [
    rating.verified_count > 0 && verified !== null
      ? t('{average} ★ from {count, plural, one {# ORCID-verified reviewer} other {# ORCID-verified reviewers}}', {
          average: formatRatingAverage(verified),
          count: rating.verified_count,
        })
      : '',
    rating.other_count > 0 && other !== null
      ? t('{average} ★ from {count, plural, one {# other reviewer} other {# other reviewers}}', {
          average: formatRatingAverage(other),
          count: rating.other_count,
        })
      : '',
  ].filter(Boolean);
}

/** The value of one attribute of one item, as the table shows it. */
export function compareCell(item: CompareSource, key: CompareRowKey): CompareCell {
  switch (key) {
    case 'operations':
      return list(toolFacts(item)?.operations);
    case 'input_data':
      return list(toolFacts(item)?.inputs.map(dataFactText));
    case 'output_data':
      return list(toolFacts(item)?.outputs.map(dataFactText));
    case 'tool_types':
      return list(toolFacts(item)?.toolTypes);
    case 'packages':
      return list(packagesOf(toolFacts(item)));
    case 'latest_release': {
      const release = toolFacts(item)?.latestRelease;
      return release ? text(release.date ? `${release.version} (${release.date})` : release.version) : MISSING;
    }
    case 'type':
      return text(t(CONTENT_TYPE_LABELS[item.content_type]));
    case 'organization':
      return text(item.organization?.name);
    case 'domains':
      return list(item.domains.map((domain) => domain.name));
    case 'year':
      // what the year means for this item: 'Released 2021', 'Published 2021', 'Founded 2019' (docs/product.md#facts)
      return item.year === null ? MISSING : text(typedYearLabel(item.content_type, item.year));
    case 'pricing': {
      const pricing = pricingOf(item);
      return pricing ? text(t(PRICING_MODEL_LABELS[pricing])) : MISSING;
    }
    case 'open_source':
      return yesNo(item.software?.open_source ?? item.agent?.open_source ?? metadataBoolean(item, 'open_source'));
    // each only where a source states it; an open code licence says nothing of the weights (docs/product.md#facts)
    case 'code_license':
      return text(item.software?.license ?? item.agent?.license);
    case 'weights_license':
      return text(item.software?.weights_license ?? item.agent?.weights_license);
    case 'availability': {
      const availability = item.software?.availability ?? item.agent?.availability;
      return availability ? text(t(AVAILABILITY_LABELS[availability])) : MISSING;
    }
    case 'api_available':
      return yesNo(item.software?.api_available ?? metadataBoolean(item, 'api_available'));
    // only figures read from their source, never the undated ones of metadata (docs/product.md#facts)
    case 'github_stars':
      return figure(item.figures?.github_stars);
    case 'citations':
      return figure(item.figures?.citations);
    case 'rating':
      return list(ratingLines(item.rating));
    case 'key_features':
      return list(item.key_features);
    case 'competitive_advantages':
      return list(item.competitive_advantages);
    case 'verified':
      return { kind: 'boolean', value: item.verified, text: item.verified ? t('Verified') : t('Not verified') };
  }
}

/**
 * What makes two cells equal: lists as sets ignoring order and letter case (the same domains
 * listed in another order are not a difference); exact numbers, not their K/M rounding.
 */
function sameness(cell: CompareCell): string {
  switch (cell.kind) {
    case 'missing':
      return 'missing';
    case 'text':
      return `text:${cell.text.toLowerCase()}`;
    case 'number':
      return `number:${cell.value}`;
    case 'boolean':
      return `boolean:${cell.value}`;
    case 'list':
      return `list:${JSON.stringify([...new Set(cell.items.map((value) => value.toLowerCase()))].sort())}`;
  }
}

/**
 * The rows of the compare table, one per attribute in a fixed order, each with one cell per
 * item and whether the items differ. An attribute none of the items has (citations when only
 * tools are compared) is left out: a row of dashes tells the reader nothing.
 */
export function buildCompareRows(items: readonly CompareSource[]): CompareRow[] {
  return COMPARE_ROW_KEYS.flatMap((key) => {
    const cells = items.map((item) => compareCell(item, key));
    if (cells.every((cell) => cell.kind === 'missing')) return [];
    const keys = new Set(cells.map(sameness));
    return [{ key, label: t(COMPARE_ROW_LABELS[key]), cells, differs: keys.size > 1 }];
  });
}
