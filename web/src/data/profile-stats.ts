import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

/** The quick stats (docs/product.md#profile-stats), counted by the database for the signed-in user. */
export interface ProfileStats {
  savedItems: number;
  contributions: number;
  reviews: number;
}

/** my_profile_stats()'s one row: counts, never null, though its RETURNS TABLE types say they may be. */
const ProfileStatsRowSchema = z.object({ saved_items: z.number(), contributions: z.number(), reviews: z.number() });

export const profileStatsKey = (userId: string) => ['profile-stats', userId] as const;

export async function fetchProfileStats(): Promise<ProfileStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_profile_stats').single();
  if (error) throw new Error(`profile stats: ${error.message}`);
  const row = ProfileStatsRowSchema.parse(data);
  return { savedItems: row.saved_items, contributions: row.contributions, reviews: row.reviews };
}
