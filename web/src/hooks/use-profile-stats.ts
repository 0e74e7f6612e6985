import useSWR from 'swr';
import { fetchProfileStats, profileStatsKey } from '../data/profile-stats.ts';

export function useProfileStats(userId: string | null) {
  return useSWR(userId ? profileStatsKey(userId) : null, () => fetchProfileStats());
}
