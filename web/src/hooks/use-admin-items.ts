import useSWR from 'swr';
import { listAdminItems, type AdminItemFilters } from '../data/admin-content.ts';

export function useAdminItems(filters: AdminItemFilters) {
  return useSWR(['admin-items', JSON.stringify(filters)] as const, () => listAdminItems(filters), {
    keepPreviousData: true,
  });
}
