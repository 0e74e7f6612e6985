import { z } from 'zod';
import type { PublicProfile } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** public_profile()'s row: a profile with a handle, its interests and verification always set. */
const PublicProfileSchema: z.ZodType<PublicProfile> = z.object({
  handle: z.string(),
  display_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  institution: z.string().nullable(),
  bio: z.string().nullable(),
  orcid_id: z.string().nullable(),
  research_interests: z.array(z.string()),
  verified: z.boolean(),
  member_since: z.string(),
  reviews: z.number(),
});

/** Handles are case-insensitive: one cache entry per handle however it is typed. */
export const publicProfileKey = (handle: string) => ['public-profile', handle.toLowerCase()] as const;

/** The public profile behind /u/:handle, or null when there is none or it is private. */
export async function fetchPublicProfile(handle: string): Promise<PublicProfile | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('public_profile', { _handle: handle });
  if (error) throw new Error(`public profile: ${error.message}`);
  const [row] = data;
  return row ? PublicProfileSchema.parse(row) : null;
}
