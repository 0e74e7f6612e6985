import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  approveSubmission,
  fetchPendingSubmissions,
  pendingSubmissionsKey,
  rejectSubmission,
  requestChanges,
} from '../data/submissions.ts';

/** The moderation queue (staff only; RLS shows others nothing). */
export function usePendingSubmissions() {
  return useSWR(pendingSubmissionsKey(), fetchPendingSubmissions);
}

/** The three decisions on a pending submission; each takes it off the queue, read again after. */
export function useDecideSubmission() {
  const { mutate } = useSWRConfig();
  const refreshQueue = useCallback(() => void mutate(pendingSubmissionsKey()), [mutate]);
  return useMemo(
    () => ({
      approve: async (submissionId: string) => {
        const item = await approveSubmission(submissionId);
        refreshQueue();
        return item;
      },
      requestChanges: async (submissionId: string, reason: string) => {
        await requestChanges(submissionId, reason);
        refreshQueue();
      },
      reject: async (submissionId: string, reason: string) => {
        await rejectSubmission(submissionId, reason);
        refreshQueue();
      },
    }),
    [refreshQueue],
  );
}
