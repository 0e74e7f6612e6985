import useSWR from 'swr';
import { listPendingVerifications } from '../data/admin-verifications.ts';

export function useAdminVerifications() {
  return useSWR('admin-verifications', listPendingVerifications);
}
