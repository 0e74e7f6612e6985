import { msg } from '../i18n/translate.ts';
import { CONTENT_TYPES, ORGANIZATION_SIZES, type ContentType, type OrganizationSize } from '../content.ts';

/** docs/product.md#browse-filters: the browse filter state, its options and their labels (messages, shown with `t(label)`). */
export const SORT_OPTIONS = [
  'relevance',
  'recent',
  'most_saved',
  'most_viewed',
  'trending',
  'alphabetical',
  'most_cited',
  'most_starred',
  'recently_active',
  'highest_rated',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SORT_LABELS: Record<SortOption, string> = {
  relevance: msg('Relevance'),
  recent: msg('Recently Added'),
  most_saved: msg('Most Saved'),
  most_viewed: msg('Most Viewed'),
  trending: msg('Trending'),
  alphabetical: msg('Alphabetical'),
  most_cited: msg('Most Cited'),
  most_starred: msg('Most Starred'),
  recently_active: msg('Recently Active'),
  highest_rated: msg('Highest Rated'),
};

export const FEATURES = [
  'verified',
  'competitive',
  'enterprise',
  'peer_reviewed',
  'open_source',
  'free_tier',
  'rated_4_up',
] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABELS: Record<Feature, string> = {
  verified: msg('SciAI Verified'),
  competitive: msg('Has Competitive Advantage'),
  enterprise: msg('Enterprise Ready'),
  peer_reviewed: msg('Peer Reviewed'),
  open_source: msg('Open Source'),
  free_tier: msg('Free Tier Available'),
  rated_4_up: msg('Rated 4★ and up'),
};

/** docs/product.md#browse-health: the project-health filters (every chosen one must hold). */
export const HEALTH_FILTERS = ['maintained', 'links_ok'] as const;
export type HealthFilter = (typeof HEALTH_FILTERS)[number];

export const HEALTH_FILTER_LABELS: Record<HealthFilter, string> = {
  maintained: msg('Actively Maintained'),
  links_ok: msg('Links OK'),
};

/** docs/product.md#browse-year: the default year range runs from 2000 to the current year. */
export const FIRST_YEAR = 2000;

/** search_items() refuses longer search text. */
export const SEARCH_MAX_LENGTH = 200;

/**
 * docs/product.md#browse-filters: how many operations or input data terms a browse URL may
 * choose, and how long one may be; search_items() refuses more.
 */
export const EDAM_FILTER_MAX_VALUES = 20;
export const EDAM_TERM_MAX_LENGTH = 200;

/** docs/product.md#browse-paging: browse pages hold 20 results; 'Load More Results' fetches the next 20. */
export const BROWSE_PAGE_SIZE = 20;

export interface FilterState {
  /** The query: what the navigation, landing and browse search boxes send. */
  search: string;
  /** 'Search Within Results': more words the results must also match. */
  within: string;
  /** Domain slugs (or ids, which the database resolves). Any of them matches. */
  domains: string[];
  /** Empty means every type. */
  contentTypes: ContentType[];
  /** Every chosen feature must hold. */
  features: Feature[];
  /** Project health (docs/product.md#browse-health): every chosen one must hold. */
  health: HealthFilter[];
  organizationSizes: OrganizationSize[];
  /** What a tool does: EDAM operations as the sources write them. Any of them matches. */
  operations: string[];
  /** The data a tool reads: EDAM data terms as the sources write them. Any of them matches. */
  inputData: string[];
  /** Inclusive. A range starting at FIRST_YEAR has no lower bound (see yearBounds). */
  yearRange: [number, number];
  sortBy: SortOption;
}

export type BrowseView = 'grid' | 'list';

/** Reset state (docs/product.md#browse-active), with the year range ending this year. */
export function defaultFilters(currentYear: number): FilterState {
  return {
    search: '',
    within: '',
    domains: [],
    contentTypes: [],
    features: [],
    health: [],
    organizationSizes: [],
    operations: [],
    inputData: [],
    yearRange: [FIRST_YEAR, currentYear],
    sortBy: 'relevance',
  };
}

/**
 * docs/product.md#browse-active: active when search, domains, features, project health,
 * organization sizes, operations or input data are set, or sort is not relevance.
 */
export function isFilterActive(state: FilterState): boolean {
  return (
    state.search.trim() !== '' ||
    state.within.trim() !== '' ||
    state.domains.length > 0 ||
    state.features.length > 0 ||
    state.health.length > 0 ||
    state.organizationSizes.length > 0 ||
    state.operations.length > 0 ||
    state.inputData.length > 0 ||
    state.sortBy !== 'relevance'
  );
}

export const isSortOption = (value: string): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value);
export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);
export const isHealthFilter = (value: string): value is HealthFilter =>
  (HEALTH_FILTERS as readonly string[]).includes(value);
export const isContentType = (value: string): value is ContentType =>
  (CONTENT_TYPES as readonly string[]).includes(value);
export const isOrganizationSize = (value: string): value is OrganizationSize =>
  (ORGANIZATION_SIZES as readonly string[]).includes(value);

/**
 * The year bounds a filter state applies. The lower end of the range is open: at FIRST_YEAR
 * it means "2000 or earlier", so the reset state hides nothing (BLAST, 1990, stays findable)
 * while the slider keeps 2000 as its first stop (docs/product.md#browse-year).
 */
export function yearBounds(state: Pick<FilterState, 'yearRange'>): { from: number | null; to: number } {
  const [from, to] = state.yearRange;
  return { from: from <= FIRST_YEAR ? null : from, to };
}

/**
 * The text sent to the search: the query and the 'Search Within Results' words together,
 * since every word must match; cut to what search_items() accepts.
 */
export function searchText(state: Pick<FilterState, 'search' | 'within'>): string {
  const text = [state.search.trim(), state.within.trim()].filter(Boolean).join(' ');
  return text.slice(0, SEARCH_MAX_LENGTH).trim();
}
