import type { PublicProfile } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** The public profile behind /u/:handle, or null when there is none or it is private. */
export async function fetchPublicProfile(handle: string): Promise<PublicProfile | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('public_profile', { _handle: handle });
  if (error) throw new Error(`public profile: ${error.message}`);
  return data[0] ?? null;
}
