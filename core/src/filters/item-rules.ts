import type { ContentType, OrganizationSize } from '../content.ts';
import type { ItemRating } from '../catalog/item-rating-schema.ts';
import { isRatedFourAndUp, ratingScore } from '../catalog/item-rating.ts';
import { domainWithAncestors } from '../domains.ts';
import { yearBounds, type Feature, type FilterState, type HealthFilter, type SortOption } from './filter-state.ts';
import { foldAccents, searchKey } from './search-text.ts';

/** What the filter rules read of an item: the browse card as search_items() returns it. */
export interface FilterableItem {
  slug: string;
  title: string;
  content_type: ContentType;
  short_description: string | null;
  description?: string | null;
  tags: string[];
  /** Domain slugs. */
  domains: string[];
  verified: boolean;
  competitive_advantages: string[];
  organization: { size: OrganizationSize | null } | null;
  peer_reviewed: boolean | null;
  open_source: boolean | null;
  pricing_model: string | null;
  year: number | null;
  created_at: string;
  view_count: number;
  save_count: number;
  trending_score: number;
  /** docs/product.md#browse-health: live signals (the library's items may not carry them). */
  citations?: number | null;
  stars?: number | null;
  /** The latest push or release, ISO time. */
  active_at?: string | null;
  archived?: boolean;
  /** The worse of the homepage's and the repository's link health; null: never checked. */
  link_health?: 'ok' | 'down' | 'dead' | null;
  /** docs/product.md#browse-filters: EDAM operations and input data terms (metadata_terms in SQL). */
  operations?: string[];
  input_data?: string[];
  /** docs/product.md#browse-cards: the published reviews' rating; null or absent: none. */
  rating?: ItemRating | null;
}

/** The feature rules (docs/product.md#browse-features). */
export const FEATURE_RULES: Record<Feature, (item: FilterableItem) => boolean> = {
  verified: (item) => item.verified,
  competitive: (item) => item.competitive_advantages.length > 0,
  // true of the item itself: its pricing is enterprise terms (an organisation's size is its own filter)
  enterprise: (item) => item.pricing_model === 'enterprise',
  peer_reviewed: (item) => item.content_type === 'paper' && item.peer_reviewed === true,
  open_source: (item) => item.open_source === true,
  free_tier: (item) => item.pricing_model === 'free' || item.pricing_model === 'freemium',
  rated_4_up: (item) => isRatedFourAndUp(item.rating),
};

/** docs/product.md#browse-year: metadata year, else the year the item was created. */
export function itemYear(item: Pick<FilterableItem, 'year' | 'created_at'>): number {
  return item.year ?? new Date(item.created_at).getUTCFullYear();
}

/**
 * docs/product.md#browse-search: case- and accent-insensitive match in title, description, short
 * description or tags; or the query's compact form (letters and digits) within the title's, so
 * that "alpha fold" finds AlphaFold and "nnunet" nnU-Net.
 */
export function matchesSearch(item: FilterableItem, search: string): boolean {
  const needle = foldAccents(search.trim());
  if (!needle) return true;
  const compactNeedle = searchKey(needle);
  return (
    [item.title, item.description ?? '', item.short_description ?? '', ...item.tags].some((text) =>
      foldAccents(text).includes(needle),
    ) ||
    (compactNeedle !== '' && searchKey(item.title).includes(compactNeedle))
  );
}

/**
 * docs/product.md#browse-health: 'Actively Maintained' counts a push or release since this time:
 * six calendar months before the start of the day (UTC), a month's end clamped as PostgreSQL's
 * interval arithmetic does (31 August → 28 February), so that one day's answers agree.
 */
export function activeSince(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - 6;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay)));
}

/** The health rules (docs/product.md#browse-health); items without signals are not maintained. */
export const HEALTH_RULES: Record<HealthFilter, (item: FilterableItem, now: Date) => boolean> = {
  maintained: (item, now) =>
    item.active_at != null && !item.archived && Date.parse(item.active_at) >= activeSince(now).getTime(),
  links_ok: (item) => item.link_health == null || item.link_health === 'ok',
};

/** What the oracle reads of the signal tables (supabase/schemas/12_signals.sql). */
export interface SignalRow {
  signal: string;
  value_num: number | null;
  value_text: string | null;
  detail: Record<string, unknown> | null;
}

/**
 * An item's health facts from its stored signals and link checks, as the browse index keeps them
 * (docs/product.md#browse-health): the live citations and stars (the catalog's undated columns
 * are never sorted on, docs/product.md#facts); the later of the last push and the latest release; archived; the worse link health.
 */
export function healthFacts(
  signals: SignalRow[],
  linkHealth: Array<'ok' | 'down' | 'dead'>,
): Pick<FilterableItem, 'citations' | 'stars' | 'active_at' | 'archived' | 'link_health'> {
  const value = (name: string) => signals.find((row) => row.signal === name);
  const time = (text: unknown) =>
    typeof text === 'string' && /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text))
      ? Date.parse(text)
      : null;
  const times = [
    time(value('github_pushed_at')?.value_text),
    time(value('github_release')?.detail?.published_at),
  ].filter((t): t is number => t !== null);
  const count = (name: string) => {
    const num = value(name)?.value_num;
    return num != null && num >= 0 ? Math.round(num) : null;
  };
  return {
    citations: count('citations'),
    stars: count('github_stars'),
    active_at: times.length ? new Date(Math.max(...times)).toISOString() : null,
    archived: value('github_archived')?.value_num === 1,
    link_health: linkHealth.includes('dead')
      ? 'dead'
      : linkHealth.includes('down')
        ? 'down'
        : linkHealth.length
          ? 'ok'
          : null,
  };
}

type Facet = 'contentTypes' | 'domains' | 'features' | 'organizationSizes' | 'yearRange' | 'operations' | 'inputData';

/** Any of the chosen terms is one of the item's (none chosen: every item). */
const hasAnyOf = (chosen: readonly string[], terms: readonly string[] | undefined) =>
  chosen.length === 0 || chosen.some((term) => (terms ?? []).includes(term));

/** The item's fields and every field above them: it is found and counted under each (docs/product.md#fields). */
function fieldsOf(item: FilterableItem): Set<string> {
  return new Set(item.domains.flatMap(domainWithAncestors));
}

/** Does the item pass every filter except, optionally, one facet's own? */
function passes(item: FilterableItem, state: FilterState, except?: Facet): boolean {
  return (
    (except === 'contentTypes' || state.contentTypes.length === 0 || state.contentTypes.includes(item.content_type)) &&
    (except === 'domains' || state.domains.length === 0 || state.domains.some((d) => fieldsOf(item).has(d))) &&
    (except === 'features' || state.features.every((feature) => FEATURE_RULES[feature](item))) &&
    (except === 'organizationSizes' ||
      state.organizationSizes.length === 0 ||
      (item.organization?.size != null && state.organizationSizes.includes(item.organization.size))) &&
    (except === 'yearRange' || inYearRange(item, state)) &&
    (except === 'operations' || hasAnyOf(state.operations ?? [], item.operations)) &&
    (except === 'inputData' || hasAnyOf(state.inputData ?? [], item.input_data))
  );
}

function inYearRange(item: FilterableItem, state: FilterState): boolean {
  const { from, to } = yearBounds(state);
  const year = itemYear(item);
  return (from === null || year >= from) && year <= to;
}

/**
 * The query and the 'Search Within Results' words must both match, and every health filter
 * hold: the rows every facet counts among.
 */
function inScope(item: FilterableItem, state: FilterState, now: Date): boolean {
  return (
    matchesSearch(item, state.search) &&
    matchesSearch(item, state.within) &&
    (state.health ?? []).every((rule) => HEALTH_RULES[rule](item, now))
  );
}

export function matchesFilters(item: FilterableItem, state: FilterState, now = new Date()): boolean {
  return inScope(item, state, now) && passes(item, state);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const descending = (pick: (item: FilterableItem) => number) => (a: FilterableItem, b: FilterableItem) =>
  pick(b) - pick(a);
/** Items without the value come last. */
const descendingKnown =
  (pick: (item: FilterableItem) => number | null | undefined) => (a: FilterableItem, b: FilterableItem) => {
    const x = pick(a);
    const y = pick(b);
    if (x == null) return y == null ? 0 : 1;
    if (y == null) return -1;
    return y - x;
  };

/** The sort orders (docs/product.md#browse-sort); ties always break by slug, so pages are stable. */
export const SORT_COMPARATORS: Record<SortOption, (a: FilterableItem, b: FilterableItem) => number> = {
  relevance: descending((item) => item.trending_score),
  trending: descending((item) => item.trending_score),
  recent: descending((item) => Date.parse(item.created_at)),
  most_saved: descending((item) => item.save_count),
  most_viewed: descending((item) => item.view_count),
  alphabetical: (a, b) => byText(a.title.toLowerCase(), b.title.toLowerCase()),
  most_cited: descendingKnown((item) => item.citations),
  most_starred: descendingKnown((item) => item.stars),
  recently_active: descendingKnown((item) => (item.active_at == null ? null : Date.parse(item.active_at))),
  // never part of relevance: only this explicit sort reads the rating (docs/product.md#browse-sort)
  highest_rated: descendingKnown((item) => ratingScore(item.rating)),
};

export function compareItems(sortBy: SortOption) {
  return (a: FilterableItem, b: FilterableItem) => SORT_COMPARATORS[sortBy](a, b) || byText(a.slug, b.slug);
}

/** Filter and sort a list in memory (the library; the oracle for the SQL search). */
export function applyFilters<T extends FilterableItem>(items: T[], state: FilterState, now = new Date()): T[] {
  return items.filter((item) => matchesFilters(item, state, now)).sort(compareItems(state.sortBy));
}

export interface FacetCounts {
  content_types: Record<string, number>;
  domains: Record<string, number>;
  features: Record<string, number>;
  organization_sizes: Record<string, number>;
  years: Record<string, number>;
  operations: Record<string, number>;
  input_data: Record<string, number>;
}

/** Each facet counted with every other filter applied but its own. */
export function countFacets(items: FilterableItem[], state: FilterState, now = new Date()): FacetCounts {
  const counts: FacetCounts = {
    content_types: {},
    domains: {},
    features: {},
    organization_sizes: {},
    years: {},
    operations: {},
    input_data: {},
  };
  const bump = (bucket: Record<string, number>, key: string) => {
    bucket[key] = (bucket[key] ?? 0) + 1;
  };
  for (const item of items) {
    if (!inScope(item, state, now)) continue;
    if (passes(item, state, 'contentTypes')) bump(counts.content_types, item.content_type);
    if (passes(item, state, 'domains')) for (const domain of fieldsOf(item)) bump(counts.domains, domain);
    if (passes(item, state, 'features')) {
      for (const [feature, rule] of Object.entries(FEATURE_RULES)) if (rule(item)) bump(counts.features, feature);
    }
    if (passes(item, state, 'organizationSizes') && item.organization?.size) {
      bump(counts.organization_sizes, item.organization.size);
    }
    if (passes(item, state, 'yearRange')) bump(counts.years, String(itemYear(item)));
    if (passes(item, state, 'operations')) for (const term of new Set(item.operations)) bump(counts.operations, term);
    if (passes(item, state, 'inputData')) for (const term of new Set(item.input_data)) bump(counts.input_data, term);
  }
  return counts;
}
