import useSWR from 'swr';
import { adminDashboardKey, fetchAdminDashboard, fetchServerStatus, serverStatusKey } from '../data/admin-dashboard.ts';

export function useAdminDashboard() {
  return useSWR(adminDashboardKey(), fetchAdminDashboard, { refreshInterval: 60_000 });
}

/** The embedded server's status; refreshed every 30 s so latency and problems stay current. */
export function useServerStatus() {
  return useSWR(serverStatusKey(), fetchServerStatus, { refreshInterval: 30_000, shouldRetryOnError: false });
}
