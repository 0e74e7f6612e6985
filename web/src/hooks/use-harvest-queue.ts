import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { isAdminItemsKey, updateAdminItem } from '../data/admin-content.ts';
import { fetchHarvestQueue, harvestQueueKey } from '../data/harvest-queue.ts';

/** The harvested part of the moderation queue (staff only; the function refuses others). */
export function useHarvestQueue() {
  return useSWR(harvestQueueKey(), fetchHarvestQueue);
}

/** Publish or reject a harvested item: the item's status, as the admin item list sets it. */
export function useDecideHarvested() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (itemId: string, status: 'published' | 'rejected') => {
      await updateAdminItem(itemId, { status });
      await Promise.all([mutate(harvestQueueKey()), mutate(isAdminItemsKey)]);
    },
    [mutate],
  );
}
