import { getSupabase } from './supabase-client.ts';

/**
 * The header bell's number (docs/product.md#notifications-page). Kept apart from the page's
 * reads, without a schema library, so the bell's own download stays a few hundred bytes.
 */

/** SWR key of the unread count: per user, so another account never sees it. */
export const unreadCountKey = (userId: string) => ['unread-notifications', userId] as const;

export async function fetchUnreadCount(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('unread_notification_count');
  if (error) throw new Error(`notifications: ${error.message}`);
  return typeof data === 'number' && data > 0 ? data : 0;
}
