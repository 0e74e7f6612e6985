import { z } from 'zod';
import { NOTIFICATION_FEED_TOKEN_PATTERN } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** docs/product.md#notification-feeds: the signed-in user's private feed address. */

/** SWR key of whether the user has a feed: per user. */
export const notificationFeedKey = (userId: string) => ['notification-feed', userId] as const;

/** When the current address was made, or null when there is none. */
export async function fetchNotificationFeed(): Promise<{ created_at: string } | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('notification_feed_tokens').select('created_at').maybeSingle();
  if (error) throw new Error(`feed: ${error.message}`);
  return data;
}

const CreatedFeedSchema = z.object({
  token: z.string().regex(NOTIFICATION_FEED_TOKEN_PATTERN),
  created_at: z.string(),
});

/** A new address (the old one stops working): its token, shown once. */
export async function createNotificationFeed(): Promise<z.infer<typeof CreatedFeedSchema>> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('create_notification_feed_token');
  if (error) throw new Error(error.message);
  return CreatedFeedSchema.parse(data);
}

export async function revokeNotificationFeed(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('revoke_notification_feed_token');
  if (error) throw new Error(error.message);
}
