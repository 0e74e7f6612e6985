import { z } from 'zod';
import { NOTIFICATION_KINDS, parseNotificationPayload, type NotificationPayload } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** docs/product.md#notifications-page: the signed-in user's notifications, a page at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

const StoredNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  payload: z.unknown(),
  created_at: z.string(),
  read: z.boolean(),
});

const NotificationsPageSchema = z.object({
  notifications: z.array(StoredNotificationSchema),
  has_more: z.boolean(),
  unread_count: z.number().int().nonnegative(),
});

export interface AppNotification {
  id: number;
  kind: (typeof NOTIFICATION_KINDS)[number];
  payload: NotificationPayload;
  created_at: string;
  read: boolean;
}

export interface NotificationsPage {
  notifications: AppNotification[];
  has_more: boolean;
  /** The id to ask the next page before (the last one read, shown or not). */
  last_id: number | null;
  unread_count: number;
}

const isKind = (kind: string): kind is AppNotification['kind'] =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** SWR key prefix of the page's lists: per user and filter. */
export const notificationsKey = (userId: string, onlyUnread: boolean) => ['notifications', userId, onlyUnread] as const;

/**
 * One page, newest first. An entry whose kind or payload the app does not know is left out (the
 * line it would show could not be written), but it still moves the page on.
 */
export async function listMyNotifications(onlyUnread: boolean, beforeId: number | null): Promise<NotificationsPage> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_notifications', {
    only_unread: onlyUnread,
    page_size: NOTIFICATIONS_PAGE_SIZE,
    ...(beforeId === null ? {} : { before_id: beforeId }),
  });
  if (error) throw new Error(`notifications: ${error.message}`);
  const page = NotificationsPageSchema.parse(data);
  return {
    notifications: page.notifications.flatMap((entry) => {
      const payload = parseNotificationPayload(entry.payload);
      return payload && isKind(entry.kind) ? [{ ...entry, kind: entry.kind, payload }] : [];
    }),
    has_more: page.has_more,
    last_id: page.notifications.at(-1)?.id ?? null,
    unread_count: page.unread_count,
  };
}

/** Marks the given notifications read (all of them with null); how many changed. */
export async function markNotificationsRead(ids: number[] | null): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('mark_notifications', {
    mark_read: true,
    ...(ids === null ? {} : { ids }),
  });
  if (error) throw new Error(error.message);
  return typeof data === 'number' ? data : 0;
}
