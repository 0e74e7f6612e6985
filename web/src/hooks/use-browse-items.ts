import useSWRInfinite from 'swr/infinite';
import { BROWSE_PAGE_SIZE, type BrowseQuery } from '@sciai/core';
import { searchPublishedItems, type BrowsePage } from '../data/browse-items.ts';

type PageKey = readonly ['browse-items', string, string, string, number];

/** Pages of browse results for a query; `loadMore` fetches the next 20. */
export function useBrowseItems(query: BrowseQuery) {
  const getKey = (index: number, previous: BrowsePage | null): PageKey | null => {
    if (previous && (index * BROWSE_PAGE_SIZE >= previous.total || previous.items.length === 0)) return null;
    return ['browse-items', query.search, query.domain ?? '', query.type, index];
  };
  const result = useSWRInfinite(getKey, ([, , , , page]: PageKey) => searchPublishedItems({ ...query, page }), {
    revalidateFirstPage: false,
  });
  const pages = result.data ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  const isLoadingMore = result.isLoading || (result.size > 0 && result.data !== undefined && result.data[result.size - 1] === undefined);
  return {
    items,
    total,
    error: result.error,
    isLoading: result.isLoading,
    isLoadingMore,
    hasMore: items.length < total,
    loadMore: () => result.setSize(result.size + 1),
    retry: () => result.mutate(),
  };
}
