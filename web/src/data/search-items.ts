import { searchItemsArgs, type FilterState, type SearchCard, type SearchFacets, type SearchResult } from '@sciai/core';
import { getCatalogClient } from './supabase-client.ts';
import { recordSearchTerm } from './admin-search-terms.ts';
import { embeddedSearchResult, takeEmbedded } from './initial-data.ts';
import { t } from '../i18n/index.ts';

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
  const args = searchItemsArgs(filters, page);
  // The browse URL the browser loaded: the gateway embedded this very answer in the HTML.
  const embedded = takeEmbedded('browse', () => embeddedSearchResult(args));
  if (embedded) {
    recordSearchTerm(args.search, embedded.total);
    return embedded;
  }
  // the schema (zod) downloads alongside the first search the app asks for itself
  const schemas = import('./search-result-schemas.ts');
  const supabase = await getCatalogClient();
  const { data, error } = await supabase.rpc('search_items', args);
  if (error) throw new SearchItemsError(error.message || t('The search failed.'), { cause: error });
  const parsed = (await schemas).SearchResultSchema.safeParse(data);
  if (!parsed.success) {
    throw new SearchItemsError(t('The search answered in an unexpected shape.'), { cause: parsed.error });
  }
  if (page === 0) recordSearchTerm(args.search, parsed.data.total);
  return parsed.data;
}
