import { getSupabase } from './supabase-client.ts';

/** Spec 2.8's quick stats, counted by the database for the signed-in user. */
export interface ProfileStats {
  savedItems: number;
  contributions: number;
  reviews: number;
}

export async function fetchProfileStats(): Promise<ProfileStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_profile_stats').single();
  if (error) throw new Error(`profile stats: ${error.message}`);
  return { savedItems: data.saved_items, contributions: data.contributions, reviews: data.reviews };
}
