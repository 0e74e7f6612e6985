import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  adminUsersKey,
  isAdminUsersKey,
  listAdminUsers,
  setUserBanned,
  setUserRole,
  type AdminUserQuery,
  type StaffRole,
} from '../data/admin-users.ts';

export function useAdminUsers(query: AdminUserQuery) {
  return useSWR(adminUsersKey(query), () => listAdminUsers(query), {
    keepPreviousData: true,
  });
}

/** Role and ban changes of one user; the admin user lists are read again after each. */
export function useChangeAdminUser() {
  const { mutate } = useSWRConfig();
  const refreshLists = useCallback(() => void mutate(isAdminUsersKey), [mutate]);
  return useMemo(
    () => ({
      setRole: async (userId: string, role: StaffRole) => {
        await setUserRole(userId, role);
        refreshLists();
      },
      setBanned: async (userId: string, banned: boolean) => {
        await setUserBanned(userId, banned);
        refreshLists();
      },
    }),
    [refreshLists],
  );
}
