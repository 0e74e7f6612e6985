import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  adminItemsKey,
  isAdminItemsKey,
  listAdminItems,
  updateAdminItem,
  type AdminItemFilters,
  type ItemChanges,
} from '../data/admin-content.ts';

export function useAdminItems(filters: AdminItemFilters) {
  return useSWR(adminItemsKey(filters), () => listAdminItems(filters), {
    keepPreviousData: true,
  });
}

/** Changes an item (and its domains, unless null); the admin item lists are read again after. */
export function useUpdateAdminItem() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (itemId: string, changes: ItemChanges, domainIds: string[] | null = null) => {
      await updateAdminItem(itemId, changes, domainIds);
      void mutate(isAdminItemsKey);
    },
    [mutate],
  );
}
