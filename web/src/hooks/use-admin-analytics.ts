import useSWR from 'swr';
import { fetchAnalytics, type AnalyticsPeriod } from '../data/admin-analytics.ts';

export function useAdminAnalytics(days: AnalyticsPeriod) {
  return useSWR(['admin-analytics', days] as const, () => fetchAnalytics(days), { keepPreviousData: true });
}
