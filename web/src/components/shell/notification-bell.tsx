import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import useSWR from 'swr';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../auth/use-auth.ts';
import { fetchUnreadCount, unreadCountKey } from '../../data/notification-count.ts';
import classes from './notification-bell.module.css';

/** How often an open tab asks for the count again: besides on focus and after marking. */
const REFRESH_MS = 120_000;

/** The bell's accessible name, as docs/product.md#notifications-page words it. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * docs/product.md#notifications-page: the header's bell for a signed-in user, with the number of
 * unread notifications, leading to /notifications. It loads only once a session has been
 * restored, so a visitor's pages neither download it nor ask for a count.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const [pathname] = useLocation();
  const { data: unread = 0 } = useSWR(user ? unreadCountKey(user.id) : null, () => fetchUnreadCount(), {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
    // the count is a nicety: a failed read shows no number rather than an error
    shouldRetryOnError: false,
  });
  return (
    <ActionIcon
      component={Link}
      href="/notifications"
      variant="default"
      size="lg"
      aria-label={bellLabel(unread)}
      aria-current={pathname === '/notifications' ? 'page' : undefined}
      className={classes.bell}
    >
      <IconBell size={18} aria-hidden />
      {/* the button's name says the number; the badge only shows it */}
      {unread > 0 && (
        <span className={classes.badge} aria-hidden>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </ActionIcon>
  );
}
