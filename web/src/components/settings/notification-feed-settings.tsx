import { useState } from 'react';
import { Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import useSWR from 'swr';
import { formatDate, notificationFeedPath } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import {
  createNotificationFeed,
  fetchNotificationFeed,
  notificationFeedKey,
  revokeNotificationFeed,
} from '../../data/notification-feed.ts';
import { SettingsSection } from './settings-section.tsx';
import { t } from '../../i18n/index.ts';

const formatDay = (value: string) => formatDate(value);

/**
 * Settings → Notifications → Private feed (docs/product.md#notification-feeds): an Atom address
 * for a feed reader. Its token is the credential, kept only as a hash, so the address is shown
 * once, when it is made; Rotate makes a new one (the old stops working), Revoke turns it off.
 */
export function NotificationFeedSettings() {
  const { user } = useAuth();
  const key = user ? notificationFeedKey(user.id) : null;
  const { data: feed, error, isLoading, mutate } = useSWR(key, () => fetchNotificationFeed());
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);

  const create = async (rotating: boolean) => {
    setBusy('create');
    try {
      const made = await createNotificationFeed();
      setAddress(`${window.location.origin}${notificationFeedPath(made.token)}`);
      await mutate({ created_at: made.created_at }, { revalidate: false });
      notifications.show({
        color: 'green',
        title: rotating ? t('Feed address rotated') : t('Feed address created'),
        message: rotating
          ? t('The old address no longer works. Copy the new one now: it is shown only once.')
          : t('Copy it now: it is shown only once.'),
      });
    } catch (cause) {
      notifications.show({
        color: 'red',
        title: t('Could not make a feed address'),
        message: cause instanceof Error ? cause.message : t('Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  };

  const revoke = async () => {
    setBusy('revoke');
    try {
      await revokeNotificationFeed();
      setAddress(null);
      await mutate(null, { revalidate: false });
      notifications.show({
        color: 'green',
        title: t('Private feed turned off'),
        message: t('Its address no longer works.'),
      });
    } catch (cause) {
      notifications.show({
        color: 'red',
        title: t('Could not turn the feed off'),
        message: cause instanceof Error ? cause.message : t('Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (error && feed === undefined) {
    body = (
      <Group gap="xs">
        <Text size="sm" c="red">
          {t('Could not load your feed settings.')}
        </Text>
        <Button size="xs" variant="default" onClick={() => void mutate()}>
          {t('Try again')}
        </Button>
      </Group>
    );
  } else if (isLoading || feed === undefined) {
    body = <Skeleton height={36} aria-label={t('Loading your feed settings')} />;
  } else if (feed === null) {
    body = (
      <Group>
        <Button onClick={() => void create(false)} loading={busy === 'create'}>
          {t('Create feed address')}
        </Button>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm">
        {address ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={t('Private feed address')}
              description={t('Copy it now: for your security it is shown only once.')}
              value={address}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: '1 1 240px', minWidth: 0 }}
            />
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? t('Copied') : t('Copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Text size="sm">
            {t('Your private feed address was made on {date}. It is shown only once: rotate it to see a new one.', {
              date: formatDay(feed.created_at),
            })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => void create(true)}
            loading={busy === 'create'}
            disabled={busy !== null}
          >
            {t('Rotate')}
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => void revoke()}
            loading={busy === 'revoke'}
            disabled={busy !== null}
          >
            {t('Revoke')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SettingsSection
      title={t('Private feed')}
      description={t(
        'Follow your notifications in a feed reader (Atom). Anyone with the address can read them: keep it to yourself. Rotating makes a new address and stops the old one; revoking turns the feed off. Changing your password or signing out everywhere else also turns it off.',
      )}
    >
      {body}
    </SettingsSection>
  );
}
