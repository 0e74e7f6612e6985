import useSWR from 'swr';
import { listAdminUsers, type AdminUserQuery } from '../data/admin-users.ts';

export function useAdminUsers(query: AdminUserQuery) {
  return useSWR(['admin-users', query.search, query.role, query.page] as const, () => listAdminUsers(query), {
    keepPreviousData: true,
  });
}
