import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import type { ReviewSort } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';
import { fetchItemReviews, itemReviewsKey } from '../data/reviews.ts';

/** One page of an item's reviews; read again when the signed-in user changes (own review, marks). */
export function useItemReviews(contentId: string, sort: ReviewSort = 'helpful', page = 1) {
  const { user } = useAuth();
  return useSWR([...itemReviewsKey(contentId, sort, page), user?.id ?? null], () =>
    fetchItemReviews(contentId, sort, page),
  );
}

/** Reads every cached page of the item's reviews again, after a write changed them. */
export function useRefreshItemReviews(contentId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => Array.isArray(key) && key[0] === 'item-reviews' && key[1] === contentId),
    [mutate, contentId],
  );
}
