import { t } from '@sciai/core';
import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

/**
 * One row of list_my_sessions(). Its RETURNS TABLE columns are typed nullable (PostgreSQL does
 * not say otherwise), so the row is read through this schema: only the device's description
 * and address may be missing, and the assurance level, which a hosted auth schema leaves null.
 */
const AccountSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  aal: z.string().nullable(),
  is_current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** SWR key of the user's sessions: per user, so another account never sees them. */
export const accountSessionsKey = (userId: string) => ['account-sessions', userId] as const;

/** The signed-in user's live sessions, most recently used first; one is flagged as this device. */
export async function listMySessions(): Promise<AccountSession[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('list_my_sessions');
  if (error) throw new Error(`sessions: ${error.message}`);
  return z.array(AccountSessionSchema).parse(data ?? []);
}

/** Ends one of the user's sessions; that device is signed out at its next token refresh. */
export async function endMySession(sessionId: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('end_my_session', { _session_id: sessionId });
  if (error) throw new Error(`end session: ${error.message}`);
  if (!data) throw new Error(t('That session has already ended.'));
}

/** GoTrue's own "others" logout scope: every session but this one ends. */
export async function signOutOtherSessions(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut({ scope: 'others' });
  if (error) throw new Error(error.message);
}

/**
 * Deletes the account; the database checks the typed confirmation. Its sessions end with it, so
 * the caller then signs out to forget the session in this browser.
 */
export async function deleteMyAccount(confirmation: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('delete_my_account', { _confirmation: confirmation });
  if (error) throw new Error(error.message);
}
