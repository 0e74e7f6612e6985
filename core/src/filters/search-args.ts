import { BROWSE_PAGE_SIZE, searchText, yearBounds, type FilterState } from './filter-state.ts';

/**
 * The arguments of search_items() for one page (0-based) of a browse state: what the app sends
 * through the Data API and what the gateway asks for a browse URL's first HTML, so the two ask
 * the very same question (and share the database's answer cache).
 */
export interface SearchItemsArgs {
  search: string;
  domains: string[];
  content_types: string[];
  features: string[];
  organization_sizes: string[];
  /** Left out when there is no lower bound: the function's default is NULL. */
  year_from?: number;
  year_to: number;
  sort_by: string;
  page_offset: number;
  page_size: number;
  /** docs/product.md#browse-health; left out when none is chosen (the function's default). */
  health?: string[];
  /** docs/product.md#browse-filters; each left out when none is chosen (the function's default). */
  operations?: string[];
  input_data?: string[];
}

export function searchItemsArgs(filters: FilterState, page: number): SearchItemsArgs {
  const { from, to } = yearBounds(filters);
  return {
    search: searchText(filters),
    domains: filters.domains,
    content_types: filters.contentTypes,
    features: filters.features,
    organization_sizes: filters.organizationSizes,
    ...(from === null ? {} : { year_from: from }),
    year_to: to,
    sort_by: filters.sortBy,
    page_offset: page * BROWSE_PAGE_SIZE,
    page_size: BROWSE_PAGE_SIZE,
    ...(filters.health.length > 0 ? { health: filters.health } : {}),
    ...(filters.operations.length > 0 ? { operations: filters.operations } : {}),
    ...(filters.inputData.length > 0 ? { input_data: filters.inputData } : {}),
  };
}
