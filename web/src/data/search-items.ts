import { z } from 'zod';
import {
  BROWSE_PAGE_SIZE,
  SearchResultSchema,
  searchText,
  yearBounds,
  type FilterState,
  type SearchCard,
  type SearchFacets,
  type SearchResult,
} from '@sciai/core';
import { getSupabase } from './supabase-client.ts';
import { recordSearchTerm } from './admin-search-terms.ts';

// Zod probes once for eval-based speedups; the CSP (no 'unsafe-eval') would refuse and report it.
z.config({ jitless: true });

export type { SearchCard, SearchFacets, SearchResult };

/** search_items() failed, or answered something the app cannot read. */
export class SearchItemsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchItemsError';
  }
}

/** SWR key of one page of browse results: the whole filter state and the page. */
export const searchItemsPageKey = (filters: FilterState, page: number) => ['search-items', filters, page] as const;

/**
 * One page (0-based) of browse results with the total and the facet counts, from the database's
 * search function: full-text search with typo correction, filters, sort and paging in one call.
 */
export async function searchItems(filters: FilterState, page: number): Promise<SearchResult> {
  const { from, to } = yearBounds(filters);
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('search_items', {
    search: searchText(filters),
    domains: filters.domains,
    content_types: filters.contentTypes,
    features: filters.features,
    organization_sizes: filters.organizationSizes,
    // No lower bound: the argument is left out, and the function's default is NULL.
    year_from: from ?? undefined,
    year_to: to,
    sort_by: filters.sortBy,
    page_offset: page * BROWSE_PAGE_SIZE,
    page_size: BROWSE_PAGE_SIZE,
  });
  if (error) throw new SearchItemsError(error.message || 'The search failed.', { cause: error });
  const parsed = SearchResultSchema.safeParse(data);
  if (!parsed.success) {
    throw new SearchItemsError('The search answered in an unexpected shape.', { cause: parsed.error });
  }
  if (page === 0) recordSearchTerm(searchText(filters), parsed.data.total);
  return parsed.data;
}
