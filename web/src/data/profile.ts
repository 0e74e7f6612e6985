import { getSupabase } from './supabase-client.ts';
import type { Database } from '@sciai/core';

export type UserProfile = Database['public']['Tables']['user_profiles']['Row'];
export type UserProfileUpdate = Database['public']['Tables']['user_profiles']['Update'];

/** PostgREST's "no rows" for .single(): the user has no profile. */
const NO_ROWS = 'PGRST116';

export const userProfileKey = (userId: string) => ['user-profile', userId] as const;

/** The signed-in user's profile, or null when there is none. Other failures throw. */
export async function fetchProfile(userId: string): Promise<UserProfile | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('user_profiles').select('*').eq('id', userId).single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    throw new Error(`profile: ${error.message}`);
  }
  return data;
}

export const userRolesKey = (userId: string) => ['user-roles', userId] as const;

/** The user's roles through get_user_roles; ['user'] when they cannot be read (docs/product.md#roles). */
export async function fetchRoles(userId: string): Promise<string[]> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.rpc('get_user_roles', { _user_id: userId });
    if (error) {
      console.error('auth_data_load_failure: roles', error.message);
      return ['user'];
    }
    const roles = data ?? [];
    return roles.length > 0 ? roles : ['user'];
  } catch (error) {
    console.error('auth_data_load_failure: roles', error);
    return ['user'];
  }
}

/**
 * Saves the user's own profile (RLS allows only that) and returns the stored row. An upsert,
 * so an account whose profile row is missing gets one.
 */
export async function updateProfile(userId: string, changes: UserProfileUpdate): Promise<UserProfile> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('user_profiles')
    .upsert({ ...changes, id: userId }, { onConflict: 'id' })
    .select('*')
    .single();
  if (error) throw new Error(`profile update: ${error.message}`);
  return data;
}
