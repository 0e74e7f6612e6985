import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { embeddedItemDetail } from '../data/initial-data.ts';
import {
  fetchItemDetail,
  fetchRelatedItems,
  fetchSimilarItems,
  itemDetailKey,
  recordItemView,
  relatedItemsKey,
  similarItemsKey,
} from '../data/item-details.ts';

/**
 * The published item with this slug; data is null when there is none. On the page the browser
 * loaded, the gateway's copy is the fallback: the page shows it at once, and SWR reads the item
 * again once supabase-js has loaded (counts may have moved since the gateway's 5 s cache).
 */
export function useItemDetail(slug: string) {
  const fallbackData = embeddedItemDetail(slug);
  return useSWR(
    itemDetailKey(slug),
    ([, key]) => fetchItemDetail(key),
    fallbackData === undefined ? {} : { fallbackData },
  );
}

/** Up to four items like this one, once the item is known to exist. */
export function useRelatedItems(slug: string | undefined) {
  return useSWR(slug ? relatedItemsKey(slug) : null, ([, key]) => fetchRelatedItems(key, 4));
}

/** Up to three items whose slug or title looks like an unknown slug. */
export function useSimilarItems(text: string | undefined) {
  return useSWR(text ? similarItemsKey(text) : null, ([, key]) => fetchSimilarItems(key, 3));
}

/**
 * Counts one view when a detail page shows an item. The database counts a visitor once a day
 * and the gateway drops bots; a failure costs only the count, so it is logged and forgotten.
 */
export function useRecordItemView(slug: string | undefined) {
  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!slug || recorded.current === slug) return;
    recorded.current = slug;
    recordItemView(slug).catch((error: unknown) => console.warn('Could not record the view of', slug, error));
  }, [slug]);
}
