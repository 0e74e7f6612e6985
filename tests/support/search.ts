import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import {
  generateSyntheticCatalog,
  searchText,
  yearBounds,
  type FacetCounts,
  type FilterState,
  type FilterableItem,
} from '@sciai/core';
import { startTestBackend, type TestBackend } from './backend.ts';
import { crowdClient } from './clients.ts';

export interface SearchResult {
  total: number;
  facets: FacetCounts;
  items: Array<FilterableItem & { id: string }>;
  corrected_search?: string;
  suggestion?: string;
}

/** The browse call as the web app makes it (the same mapping of the filter state). */
export async function searchItems(
  client: SupabaseClient,
  state: Partial<FilterState>,
  page: { offset?: number; size?: number } = {},
): Promise<SearchResult> {
  const { data, error } = await client.rpc('search_items', {
    search: searchText({ search: state.search ?? '', within: state.within ?? '' }),
    domains: state.domains ?? [],
    content_types: state.contentTypes ?? [],
    features: state.features ?? [],
    organization_sizes: state.organizationSizes ?? [],
    year_from: state.yearRange ? yearBounds({ yearRange: state.yearRange }).from : null,
    year_to: state.yearRange ? yearBounds({ yearRange: state.yearRange }).to : null,
    sort_by: state.sortBy ?? 'relevance',
    page_offset: page.offset ?? 0,
    page_size: page.size ?? 20,
  });
  if (error) throw new Error(`search_items failed: ${error.message}`);
  return data as SearchResult;
}

/**
 * A backend of its own holding a generated catalog (core's synthetic items, reproducible from
 * the seed), for tests that compare search answers across a whole catalog they know.
 */
export async function startSyntheticCatalogBackend(
  items: number,
  seed: number,
): Promise<{ backend: TestBackend; anon: SupabaseClient }> {
  const backend = await startTestBackend({ engine: inject('engine') });
  const options = { auth: { persistSession: false } };
  const service = createClient(backend.url, backend.serviceRoleKey, options);
  const { error } = await service.rpc('load_catalog', { items: generateSyntheticCatalog(items, { seed }) });
  if (error) {
    await backend.stop();
    throw new Error(`load_catalog failed: ${error.message}`);
  }
  return { backend, anon: crowdClient(backend.url, backend.anonKey) };
}
