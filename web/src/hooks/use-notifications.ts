import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useAuth } from '../auth/use-auth.ts';
import { unreadCountKey } from '../data/notification-count.ts';
import { listMyNotifications, markNotificationsRead, type NotificationsPage } from '../data/notifications.ts';

type PageKey = readonly ['notifications', string, boolean, number | null];

/** docs/product.md#notifications-page: the list, a page at a time (before the last id shown). */
export function useNotifications(onlyUnread: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const getKey = (index: number, previous: NotificationsPage | null): PageKey | null => {
    if (userId === null || (previous && !previous.has_more)) return null;
    return ['notifications', userId, onlyUnread, index === 0 ? null : (previous?.last_id ?? null)];
  };
  return useSWRInfinite(getKey, ([, , unread, before]: PageKey) => listMyNotifications(unread, before), {
    revalidateFirstPage: true,
  });
}

/**
 * Marking read, then the bell's count and the list on screen read again (the other list reads
 * itself again when it is next shown).
 */
export function useMarkNotificationsRead(refreshList: () => Promise<unknown>) {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const userId = user?.id ?? null;
  return useCallback(
    async (ids: number[] | null) => {
      try {
        return await markNotificationsRead(ids);
      } finally {
        await Promise.all([userId === null ? undefined : mutate(unreadCountKey(userId)), refreshList()]);
      }
    },
    [userId, mutate, refreshList],
  );
}
