import { useState } from 'react';
import { Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import useSWR from 'swr';
import { notificationFeedPath } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import {
  createNotificationFeed,
  fetchNotificationFeed,
  notificationFeedKey,
  revokeNotificationFeed,
} from '../../data/notification-feed.ts';
import { SettingsSection } from './settings-section.tsx';

const formatDay = (value: string) => new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' });

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
        title: rotating ? 'Feed address rotated' : 'Feed address created',
        message: rotating
          ? 'The old address no longer works. Copy the new one now: it is shown only once.'
          : 'Copy it now: it is shown only once.',
      });
    } catch (cause) {
      notifications.show({
        color: 'red',
        title: 'Could not make a feed address',
        message: cause instanceof Error ? cause.message : 'Please try again.',
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
      notifications.show({ color: 'green', title: 'Private feed turned off', message: 'Its address no longer works.' });
    } catch (cause) {
      notifications.show({
        color: 'red',
        title: 'Could not turn the feed off',
        message: cause instanceof Error ? cause.message : 'Please try again.',
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
          Could not load your feed settings.
        </Text>
        <Button size="xs" variant="default" onClick={() => void mutate()}>
          Try again
        </Button>
      </Group>
    );
  } else if (isLoading || feed === undefined) {
    body = <Skeleton height={36} aria-label="Loading your feed settings" />;
  } else if (feed === null) {
    body = (
      <Group>
        <Button onClick={() => void create(false)} loading={busy === 'create'}>
          Create feed address
        </Button>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm">
        {address ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="Private feed address"
              description="Copy it now: for your security it is shown only once."
              value={address}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: '1 1 240px', minWidth: 0 }}
            />
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Text size="sm">
            Your private feed address was made on {formatDay(feed.created_at)}. It is shown only once: rotate it to see
            a new one.
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => void create(true)}
            loading={busy === 'create'}
            disabled={busy !== null}
          >
            Rotate
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => void revoke()}
            loading={busy === 'revoke'}
            disabled={busy !== null}
          >
            Revoke
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SettingsSection
      title="Private feed"
      description="Follow your notifications in a feed reader (Atom). Anyone with the address can read them: keep it to yourself. Rotating makes a new address and stops the old one; revoking turns the feed off. Changing your password or signing out everywhere else also turns it off."
    >
      {body}
    </SettingsSection>
  );
}
