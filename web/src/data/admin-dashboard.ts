import { getSupabase } from './supabase-client.ts';
import {
  ActivityEntrySchema,
  AdminDashboardSchema,
  ServerStatusSchema,
  type ActivityEntry,
  type AdminDashboard,
  type ServerStatus,
} from './admin-schemas.ts';

export { ActivityEntrySchema, AdminDashboardSchema, ServerStatusSchema };
export type { ActivityEntry, AdminDashboard, ServerStatus };

/** The gateway's admin-only status (server/src/gateway/admin-status.ts). */

export const adminDashboardKey = () => 'admin-dashboard' as const;

export async function fetchAdminDashboard(): Promise<AdminDashboard> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_dashboard');
  if (error) throw error;
  return AdminDashboardSchema.parse(data);
}

export const serverStatusKey = () => 'admin-server-status' as const;

/**
 * Engine, latency, data directory and pending migrations, from the embedded server's gateway.
 * A hosted Supabase project has no such endpoint: the dashboard then says the details are
 * unavailable rather than guessing.
 */
export async function fetchServerStatus(): Promise<ServerStatus> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('Not signed in');
  const base = window.__SCIAI_CONFIG__?.supabaseUrl ?? window.location.origin;
  const response = await fetch(`${base}/healthz/admin`, {
    headers: { authorization: `Bearer ${token}` },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`The server status answered ${response.status}`);
  return ServerStatusSchema.parse(await response.json());
}
