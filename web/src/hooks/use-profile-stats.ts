import useSWR from 'swr';
import { fetchProfileStats } from '../data/profile-stats.ts';

export function useProfileStats(userId: string | null) {
  return useSWR(userId ? ['profile-stats', userId] : null, () => fetchProfileStats());
}
