import { getSupabase } from './supabase-client.ts';

export const adminRequiresAal2Key = (userId: string) => ['admin-requires-aal2', userId] as const;

/**
 * Whether the site requires administrators to be at aal2 (site setting require_admin_2fa). When it
 * cannot be read, the answer is true: the database enforces the rule anyway, and the app should
 * ask for the second factor rather than show an admin area that would be refused.
 */
export async function fetchAdminRequiresAal2(): Promise<boolean> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.rpc('admin_requires_aal2');
    if (error) return true;
    return data !== false;
  } catch {
    return true;
  }
}

/** The admin-area rule for the current session: is aal2 required, and is this session there? */
export interface AdminAssurance {
  requiresAal2: boolean;
  level: 'aal1' | 'aal2';
}

/**
 * The `aal` claim of an access token (what PostgREST hands to the database). Read locally, as
 * supabase-js's getAuthenticatorAssuranceLevel does; anything unreadable counts as aal1.
 */
export function assuranceLevelOf(accessToken: string): 'aal1' | 'aal2' {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null && 'aal' in json && json.aal === 'aal2' ? 'aal2' : 'aal1';
  } catch {
    return 'aal1';
  }
}
