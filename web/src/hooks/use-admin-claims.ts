import useSWR from 'swr';
import type { ClaimStatus } from '@sciai/core';
import {
  adminClaimsKey,
  listAdminClaims,
  listPendingFactChanges,
  pendingFactChangesKey,
} from '../data/admin-claims.ts';

export function useAdminClaims(status: ClaimStatus) {
  return useSWR(adminClaimsKey(status), () => listAdminClaims(status));
}

export function usePendingFactChanges() {
  return useSWR(pendingFactChangesKey(), listPendingFactChanges);
}
