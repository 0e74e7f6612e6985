import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAuth } from '../auth/use-auth.ts';
import { fetchSavedItemIds, saveItem, unsaveItem } from '../data/saved-items.ts';

const EMPTY: ReadonlySet<string> = new Set();

/** SWR key of the signed-in user's library (the /library page). */
export function libraryKey(userId: string | undefined) {
  return userId ? (['library-items', userId] as const) : null;
}

/**
 * Which items the signed-in user has saved, as one SWR entry shared by every card on the page,
 * and save/unsave that update it at once (optimistic) and roll back when the server refuses.
 */
export function useSavedItems() {
  const { user, needsSecondFactor } = useAuth();
  const signedIn = user !== null && !needsSecondFactor;
  const key = signedIn ? (['saved-item-ids', user.id] as const) : null;
  const { data, error, isLoading } = useSWR(key, async () => new Set(await fetchSavedItemIds()));
  const { mutate } = useSWRConfig();
  const savedIds = data ?? EMPTY;

  const setSaved = useCallback(
    async (itemId: string, saved: boolean) => {
      const next = (current: ReadonlySet<string> | undefined) => {
        const ids = new Set(current ?? []);
        if (saved) ids.add(itemId);
        else ids.delete(itemId);
        return ids;
      };
      const write = saved ? saveItem(itemId) : unsaveItem(itemId);
      if (key) {
        // Shown at once; then read back from the server, which also settles several quick clicks
        // on different items that raced each other.
        await mutate(key, write, {
          optimisticData: next,
          rollbackOnError: true,
          populateCache: false,
          revalidate: true,
        });
        // The library page reads the full items; it refetches the next time it is shown.
        void mutate(libraryKey(user?.id));
      } else {
        await write;
      }
    },
    [key, mutate, user?.id],
  );

  return useMemo(
    () => ({ signedIn, savedIds, error, isLoading, isSaved: (itemId: string) => savedIds.has(itemId), setSaved }),
    [signedIn, savedIds, error, isLoading, setSaved],
  );
}
