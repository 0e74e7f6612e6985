import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { browseUrl, searchParamsToFilters, type BrowseView, type FilterState } from '@sciai/core';

/** Read once: a page left open over New Year keeps the range it started with. */
export const CURRENT_YEAR = new Date().getFullYear();

export type HistoryMode = 'push' | 'replace';

/**
 * The browse state is the URL (read and written by core's one codec), so any view can be
 * shared and back/forward restore it. Filter changes push a history entry; typing in the
 * search boxes replaces the current one (see useBrowseSearchText).
 */
export function useBrowseState() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, view } = useMemo(() => searchParamsToFilters(search, CURRENT_YEAR), [search]);

  const go = useCallback(
    (nextFilters: FilterState, nextView: BrowseView, mode: HistoryMode) => {
      const target = browseUrl(nextFilters, nextView, CURRENT_YEAR);
      const current = `${window.location.pathname}${window.location.search}`;
      if (target !== current) navigate(target, { replace: mode === 'replace' });
    },
    [navigate],
  );

  const setFilters = useCallback((next: FilterState, mode: HistoryMode = 'push') => go(next, view, mode), [go, view]);
  const setView = useCallback((next: BrowseView) => go(filters, next, 'push'), [go, filters]);

  return { filters, view, setFilters, setView };
}
