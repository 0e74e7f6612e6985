import useSWR from 'swr';
import { fetchPendingSubmissions } from '../data/submissions.ts';

export const PENDING_SUBMISSIONS_KEY = 'pending-submissions';

/** The moderation queue (staff only; RLS shows others nothing). */
export function usePendingSubmissions() {
  return useSWR(PENDING_SUBMISSIONS_KEY, fetchPendingSubmissions);
}
