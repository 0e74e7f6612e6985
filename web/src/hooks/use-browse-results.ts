import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { BROWSE_PAGE_SIZE, searchItemsArgs, type FilterState } from '@sciai/core';
import { embeddedSearchResult } from '../data/initial-data.ts';
import { searchItems, searchItemsPageKey, type SearchResult } from '../data/search-items.ts';

type PageKey = ReturnType<typeof searchItemsPageKey>;

const EMPTY_FACETS: SearchResult['facets'] = {
  content_types: {},
  domains: {},
  features: {},
  organization_sizes: {},
  years: {},
  operations: {},
  input_data: {},
};

/**
 * Browse results for a filter state, 20 at a time; `loadMore` appends the next 20. The key holds
 * the whole state. While a new state loads, the previous results and facet counts stay on
 * screen (`isStale`), so the counts do not flash to nothing between two states.
 */
export function useBrowseResults(filters: FilterState) {
  const getKey = (index: number, previous: SearchResult | null): PageKey | null => {
    if (previous && (previous.items.length < BROWSE_PAGE_SIZE || index * BROWSE_PAGE_SIZE >= previous.total)) {
      return null;
    }
    return searchItemsPageKey(filters, index);
  };
  // The browse URL the browser loaded: its first page and facets are in the HTML, so the results
  // show in the first render; SWR's first fetch of that page answers from the same copy
  // (searchItems), without a request.
  const embedded = useMemo(() => embeddedSearchResult(searchItemsArgs(filters, 0)), [filters]);
  const result = useSWRInfinite(getKey, ([, state, page]: PageKey) => searchItems(state, page), {
    keepPreviousData: true,
    // Loading page 2 must not refetch page 1 (it would also re-run the facet counts).
    revalidateFirstPage: false,
    ...(embedded && { fallbackData: [embedded] }),
  });

  const { data, error: failure, isLoading, size, mutate, setSize } = result;
  // One object per state of the data, not per render: the browse page defers rendering it
  // (useDeferredValue), which compares by identity.
  return useMemo(() => {
    const error = failure === undefined ? undefined : failure instanceof Error ? failure : new Error(String(failure));
    const pages = data ?? [];
    const first = pages[0];
    const items = pages.flatMap((page) => page?.items ?? []);
    const total = first?.total ?? 0;
    const last = pages[pages.length - 1];
    const isLoadingMore = !isLoading && !error && data !== undefined && size > 0 && data[size - 1] === undefined;

    return {
      items,
      total,
      facets: first?.facets ?? EMPTY_FACETS,
      /** Results are for this corrected text ('Showing results for …'). */
      correctedSearch: first?.corrected_search,
      /** Nothing matched; 'Did you mean …?' */
      suggestion: first?.suggestion,
      /** No item matched all the words: these match some of them, the most words first. */
      partialMatch: first?.partial_match === true,
      /** Few items matched all the words: the items from this index on match only some of them. */
      partialFrom: first?.partial_from,
      /** Nothing to show yet: the first load. */
      isFirstLoad: data === undefined && failure === undefined,
      /** Showing the previous state's results while this state loads. */
      isStale: isLoading && data !== undefined,
      isLoadingMore,
      hasMore: last !== undefined && items.length < total && last.items.length === BROWSE_PAGE_SIZE,
      /** The first page failed: there are no results for this state to show. */
      error: size <= 1 ? error : undefined,
      /** A further page failed; the results so far stay. */
      loadMoreError: size > 1 ? error : undefined,
      // After a failed page, asking again refetches it rather than skipping ahead.
      loadMore: () => (error ? mutate() : setSize(size + 1)),
      retry: () => mutate(),
    };
  }, [data, failure, isLoading, size, mutate, setSize]);
}
