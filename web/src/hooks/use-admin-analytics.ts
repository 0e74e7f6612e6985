import useSWR from 'swr';
import { adminAnalyticsKey, fetchAnalytics, type AnalyticsPeriod } from '../data/admin-analytics.ts';

export function useAdminAnalytics(days: AnalyticsPeriod) {
  return useSWR(adminAnalyticsKey(days), () => fetchAnalytics(days), { keepPreviousData: true });
}
