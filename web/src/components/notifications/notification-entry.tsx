import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { describeNotification } from '@sciai/core';
import { Link } from 'wouter';
import type { AppNotification } from '../../data/notifications.ts';
import { formatWhen } from '../admin/common/format-time.ts';
import classes from './notification-entry.module.css';
import { t } from '../../i18n/index.ts';

/**
 * One entry of docs/product.md#notifications-page: the line that says what happened, when, and
 * whether it is unread; the whole entry links to what changed, and following it marks it read.
 */
export function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
}) {
  const { read, payload, created_at: createdAt } = notification;
  return (
    <Box component="li" className={classes.item}>
      <UnstyledButton
        component={Link}
        href={payload.path}
        className={classes.link}
        data-unread={read ? undefined : true}
        onClick={() => onOpen(notification)}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <span className={classes.marker} aria-hidden data-unread={read ? undefined : true} />
          <div className={classes.body}>
            <Text size="sm" fw={read ? 400 : 600} className={classes.line}>
              {!read && <VisuallyHidden>{t('Unread:')} </VisuallyHidden>}
              {t(describeNotification(notification.kind, payload))}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={createdAt}>
              {formatWhen(createdAt)}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
    </Box>
  );
}
