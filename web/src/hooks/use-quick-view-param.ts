import { useCallback } from 'react';
import useSWR from 'swr';
import { useLocation, useSearch } from 'wouter';
import type { SearchCard } from '../data/search-items.ts';
import { fetchQuickViewCard, quickViewCardKey } from '../data/quick-view-card.ts';

/** The query parameter that holds the open quick view: /browse?search=fold&item=alphafold. */
export const QUICK_VIEW_PARAM = 'item';

/** Marks the history entry that opening the quick view pushed, so closing can go back to it. */
interface QuickViewHistoryState {
  quickViewOpened?: boolean;
}

function withItem(search: string, slug: string | null): string {
  const params = new URLSearchParams(search);
  if (slug) params.set(QUICK_VIEW_PARAM, slug);
  else params.delete(QUICK_VIEW_PARAM);
  const query = params.toString().replace(/\+/g, '%20');
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

function openedHere(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'quickViewOpened' in state && state.quickViewOpened === true;
}

/**
 * The quick view's open item lives in the URL, so a shared link opens it and Back closes it.
 * Opening pushes a history entry; closing goes back when this page pushed it, and otherwise
 * (the link was opened as it is) replaces the URL without the item. The card comes from the
 * loaded results (`null` while they load) when it is there, else from the database.
 */
export function useQuickViewParam(loaded: readonly SearchCard[] | null) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const slug = new URLSearchParams(search).get(QUICK_VIEW_PARAM)?.trim() || null;
  const fromResults = slug ? loaded?.find((item) => item.slug === slug) : undefined;
  // fetched only once the results are in (null while they load) and the item is not among them
  const fetched = useSWR(slug && loaded && !fromResults ? quickViewCardKey(slug) : null, ([, key]) =>
    fetchQuickViewCard(key),
  );

  const open = useCallback(
    (item: SearchCard) => {
      const state: QuickViewHistoryState = { quickViewOpened: true };
      navigate(withItem(window.location.search, item.slug), { state });
    },
    [navigate],
  );
  const close = useCallback(() => {
    if (openedHere()) window.history.back();
    else navigate(withItem(window.location.search, null), { replace: true });
  }, [navigate]);

  const item: SearchCard | null = fromResults ?? fetched.data ?? null;
  return { slug, item, open, close };
}
