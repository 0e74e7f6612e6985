import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAuth } from '../auth/use-auth.ts';
import { fetchSavedItemIds, libraryItemsKey, saveItem, savedItemIdsKey, unsaveItem } from '../data/saved-items.ts';

const EMPTY: ReadonlySet<string> = new Set();

/** The user whose saved items the session may read and change: signed in, second factor done. */
function useSavingUserId(): string | null {
  const { user, needsSecondFactor } = useAuth();
  return user !== null && !needsSecondFactor ? user.id : null;
}

/**
 * Saves or unsaves an item. The saved ids change at once (optimistic) and roll back when the
 * server refuses; the library's list is read again the next time it is shown.
 */
export function useSetItemSaved() {
  const userId = useSavingUserId();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (itemId: string, saved: boolean) => {
      const next = (current: ReadonlySet<string> | undefined) => {
        const ids = new Set(current ?? []);
        if (saved) ids.add(itemId);
        else ids.delete(itemId);
        return ids;
      };
      const write = saved ? saveItem(itemId) : unsaveItem(itemId);
      if (userId === null) {
        await write;
        return;
      }
      // Shown at once; then read back from the server, which also settles several quick clicks
      // on different items that raced each other.
      await mutate(savedItemIdsKey(userId), write, {
        optimisticData: next,
        rollbackOnError: true,
        populateCache: false,
        revalidate: true,
      });
      void mutate(libraryItemsKey(userId));
    },
    [userId, mutate],
  );
}

/**
 * Which items the signed-in user has saved, as one SWR entry shared by every card on the page,
 * and setSaved (useSetItemSaved) to change one.
 */
export function useSavedItems() {
  const userId = useSavingUserId();
  const key = userId === null ? null : savedItemIdsKey(userId);
  const { data, error, isLoading } = useSWR(key, async () => new Set(await fetchSavedItemIds()));
  const setSaved = useSetItemSaved();
  const signedIn = userId !== null;
  const savedIds = data ?? EMPTY;

  return useMemo(
    () => ({ signedIn, savedIds, error, isLoading, isSaved: (itemId: string) => savedIds.has(itemId), setSaved }),
    [signedIn, savedIds, error, isLoading, setSaved],
  );
}
