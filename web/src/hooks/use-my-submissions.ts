import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { SubmissionRow } from '@sciai/core';
import { fetchMySubmissions, mySubmissionsKey, resubmitContribution, submitContribution } from '../data/submissions.ts';

/** The signed-in user's contributions and their review status. */
export function useMySubmissions(userId: string | null) {
  return useSWR(userId ? mySubmissionsKey(userId) : null, ([, id]) => fetchMySubmissions(id));
}

/**
 * Sends a contribution: a new one, or the one whose changes were requested (`editing`, its id)
 * again. The contributor's list of submissions is read again afterwards.
 */
export function useSubmitContribution(userId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (row: SubmissionRow, editing: string | null) => {
      if (editing) await resubmitContribution(editing, row);
      else await submitContribution(userId, row);
      void mutate(mySubmissionsKey(userId));
    },
    [userId, mutate],
  );
}
