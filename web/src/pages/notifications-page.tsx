import { useCallback, useState } from 'react';
import { Anchor, Button, Center, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadState } from '../components/load-state.tsx';
import { NotificationEntry } from '../components/notifications/notification-entry.tsx';
import type { AppNotification } from '../data/notifications.ts';
import { useMarkNotificationsRead, useNotifications } from '../hooks/use-notifications.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { formatNumber } from '@sciai/core';
import { t } from '../i18n/index.ts';

type Show = 'all' | 'unread';

/**
 * docs/product.md#notifications-page: the signed-in user's notifications, newest first, All or
 * Unread (kept in the URL as ?show=unread), a page at a time, with 'Mark all as read'.
 */
export function NotificationsPage() {
  usePageTitle(t('Notifications'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const show: Show = new URLSearchParams(search).get('show') === 'unread' ? 'unread' : 'all';
  const { data, error, isValidating, size, setSize, mutate } = useNotifications(show === 'unread');
  const refreshList = useCallback(() => mutate(), [mutate]);
  const markRead = useMarkNotificationsRead(refreshList);
  const [markingAll, setMarkingAll] = useState(false);

  const pages = data ?? [];
  const entries = pages.flatMap((page) => page.notifications);
  const unreadCount = pages[0]?.unread_count ?? 0;
  const hasMore = pages.at(-1)?.has_more ?? false;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined && isValidating;

  const open = (notification: AppNotification) => {
    if (notification.read) return;
    markRead([notification.id]).catch((cause: unknown) => console.error('marking a notification read failed', cause));
  };

  const markAll = async () => {
    setMarkingAll(true);
    try {
      const changed = await markRead(null);
      toasts.show({
        color: 'green',
        title: t('All notifications marked as read'),
        message: t('{count, plural, one {# notification marked as read.} other {# notifications marked as read.}}', {
          count: changed,
        }),
      });
    } catch (cause) {
      toasts.show({
        color: 'red',
        title: t('Could not mark your notifications as read'),
        message: cause instanceof Error ? cause.message : t('Please try again.'),
      });
    } finally {
      setMarkingAll(false);
    }
  };

  const body = (
    <LoadState data={data} error={error} what={t('your notifications')} retry={() => void mutate()}>
      {() =>
        entries.length === 0 ? (
          <Stack gap={4} py="xl" ta="center">
            <Text fw={600}>{show === 'unread' ? t('No unread notifications') : t('No notifications yet')}</Text>
            <Text size="sm" c="dimmed">
              {show === 'unread'
                ? t('You have read everything.')
                : t('Follow an item, a field, an organization, a person or a search to hear when something changes.')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Stack
              component="ul"
              gap={0}
              p={0}
              m={0}
              aria-label={show === 'unread' ? t('Unread notifications') : t('Notifications')}
            >
              {entries.map((notification) => (
                <NotificationEntry key={notification.id} notification={notification} onOpen={open} />
              ))}
            </Stack>
            {hasMore && (
              <Center>
                <Button variant="default" loading={loadingMore} onClick={() => void setSize(size + 1)}>
                  {t('Show older notifications')}
                </Button>
              </Center>
            )}
          </Stack>
        )
      }
    </LoadState>
  );

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1}>{t('Notifications')}</Title>
          <Button variant="light" onClick={() => void markAll()} loading={markingAll} disabled={unreadCount === 0}>
            {t('Mark all as read')}
          </Button>
        </Group>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={t('Show')}
            value={show}
            onChange={(value) =>
              navigate(value === 'unread' ? '/notifications?show=unread' : '/notifications', { replace: true })
            }
            data={[
              { value: 'all', label: t('All') },
              {
                value: 'unread',
                label: unreadCount > 0 ? t('Unread ({count})', { count: formatNumber(unreadCount) }) : t('Unread'),
              },
            ]}
          />
          <Anchor component={Link} href="/settings?tab=notifications" size="sm">
            {t('E-mail and feed settings')}
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
