import useSWR from 'swr';
import { fetchMySubmissions } from '../data/submissions.ts';

export const mySubmissionsKey = (userId: string) => ['my-submissions', userId] as const;

/** The signed-in user's contributions and their review status. */
export function useMySubmissions(userId: string | null) {
  return useSWR(userId ? mySubmissionsKey(userId) : null, ([, id]) => fetchMySubmissions(id));
}
