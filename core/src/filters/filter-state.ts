import { CONTENT_TYPES, ORGANIZATION_SIZES, type ContentType, type OrganizationSize } from '../content.ts';

/** Spec 4 and 9: the browse filter state, its options and their labels. */
export const SORT_OPTIONS = ['relevance', 'recent', 'most_saved', 'most_viewed', 'trending', 'alphabetical'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SORT_LABELS: Record<SortOption, string> = {
  relevance: 'Relevance',
  recent: 'Recently Added',
  most_saved: 'Most Saved',
  most_viewed: 'Most Viewed',
  trending: 'Trending',
  alphabetical: 'Alphabetical',
};

export const FEATURES = ['verified', 'competitive', 'enterprise', 'peer_reviewed', 'open_source', 'free_tier'] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABELS: Record<Feature, string> = {
  verified: 'SciAI Verified',
  competitive: 'Has Competitive Advantage',
  enterprise: 'Enterprise Ready',
  peer_reviewed: 'Peer Reviewed',
  open_source: 'Open Source',
  free_tier: 'Free Tier Available',
};

export const FIRST_YEAR = 2000;

export interface FilterState {
  search: string;
  /** Domain slugs (or ids, which the database resolves). Any of them matches. */
  domains: string[];
  /** Empty means every type. */
  contentTypes: ContentType[];
  /** Every chosen feature must hold. */
  features: Feature[];
  organizationSizes: OrganizationSize[];
  yearRange: [number, number];
  sortBy: SortOption;
}

export type BrowseView = 'grid' | 'list';

/** Reset state (spec 4), with the year range ending this year. */
export function defaultFilters(currentYear: number): FilterState {
  return {
    search: '',
    domains: [],
    contentTypes: [],
    features: [],
    organizationSizes: [],
    yearRange: [FIRST_YEAR, currentYear],
    sortBy: 'relevance',
  };
}

/** Spec 4: active when search, domains, features or organization sizes are set, or sort is not relevance. */
export function isFilterActive(state: FilterState): boolean {
  return (
    state.search.trim() !== '' ||
    state.domains.length > 0 ||
    state.features.length > 0 ||
    state.organizationSizes.length > 0 ||
    state.sortBy !== 'relevance'
  );
}

export const isSortOption = (value: string): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value);
export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);
export const isContentType = (value: string): value is ContentType => (CONTENT_TYPES as readonly string[]).includes(value);
export const isOrganizationSize = (value: string): value is OrganizationSize =>
  (ORGANIZATION_SIZES as readonly string[]).includes(value);
