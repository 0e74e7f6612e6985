import useSWR from 'swr';
import { fetchAdminDashboard, fetchServerStatus } from '../data/admin-dashboard.ts';

export function useAdminDashboard() {
  return useSWR('admin-dashboard', fetchAdminDashboard, { refreshInterval: 60_000 });
}

/** The embedded server's status; refreshed every 30 s so latency and problems stay current. */
export function useServerStatus() {
  return useSWR('admin-server-status', fetchServerStatus, { refreshInterval: 30_000, shouldRetryOnError: false });
}
