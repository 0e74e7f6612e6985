import type { SupabaseClient } from '@supabase/supabase-js';
import type { FacetCounts, FilterState, FilterableItem } from '@sciai/core';

export interface SearchResult {
  total: number;
  facets: FacetCounts;
  items: Array<FilterableItem & { id: string }>;
  corrected_search?: string;
  suggestion?: string;
}

/** The browse call as the web app makes it. */
export async function searchItems(
  client: SupabaseClient,
  state: Partial<FilterState>,
  page: { offset?: number; size?: number } = {},
): Promise<SearchResult> {
  const { data, error } = await client.rpc('search_items', {
    search: state.search ?? '',
    domains: state.domains ?? [],
    content_types: state.contentTypes ?? [],
    features: state.features ?? [],
    organization_sizes: state.organizationSizes ?? [],
    year_from: state.yearRange?.[0] ?? null,
    year_to: state.yearRange?.[1] ?? null,
    sort_by: state.sortBy ?? 'relevance',
    page_offset: page.offset ?? 0,
    page_size: page.size ?? 20,
  });
  if (error) throw new Error(`search_items failed: ${error.message}`);
  return data as SearchResult;
}
