import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  adminVerificationsKey,
  approveVerification,
  listPendingVerifications,
  rejectVerification,
} from '../data/admin-verifications.ts';

export function useAdminVerifications() {
  return useSWR(adminVerificationsKey(), listPendingVerifications);
}

/** Approve or reject a verification request; the pending requests are read again after. */
export function useDecideVerification() {
  const { mutate } = useSWRConfig();
  const refreshRequests = useCallback(() => void mutate(adminVerificationsKey()), [mutate]);
  return useMemo(
    () => ({
      approve: async (userId: string) => {
        await approveVerification(userId);
        refreshRequests();
      },
      reject: async (userId: string, reason: string) => {
        await rejectVerification(userId, reason);
        refreshRequests();
      },
    }),
    [refreshRequests],
  );
}
