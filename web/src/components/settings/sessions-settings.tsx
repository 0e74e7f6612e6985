import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeUserAgent, formatDate } from '@sciai/core';
import type { AccountSession } from '../../data/account-settings.ts';
import { apiTokensAvailable } from '../../data/api-tokens.ts';
import { useAccountSessions, useEndSession } from '../../hooks/use-account-sessions.ts';
import { SettingsSection } from './settings-section.tsx';
import { t } from '../../i18n/index.ts';

const formatWhen = (value: string) => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd: () => void }) {
  const device = describeUserAgent(session.user_agent);
  return (
    <Card withBorder radius="sm" padding="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500}>{device}</Text>
            {session.is_current && (
              <Badge color="blue" variant="light">
                {t('This device')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {session.ip
              ? t('IP {ip} · Signed in {signedIn} · Last used {lastUsed}', {
                  ip: session.ip,
                  signedIn: formatWhen(session.created_at),
                  lastUsed: formatWhen(session.last_used_at),
                })
              : t('Signed in {signedIn} · Last used {lastUsed}', {
                  signedIn: formatWhen(session.created_at),
                  lastUsed: formatWhen(session.last_used_at),
                })}
          </Text>
        </Stack>
        {!session.is_current && (
          <Button
            size="xs"
            variant="default"
            loading={busy}
            onClick={onEnd}
            aria-label={t('Sign out {device}, signed in {date}', { device, date: formatWhen(session.created_at) })}
          >
            {t('Sign out')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Active sessions: every device signed in to the account, each with its own sign-out. */
export function SessionsSettings() {
  const sessions = useAccountSessions();
  const endSession = useEndSession();
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (id: string | 'others') => {
    setEnding(id);
    try {
      await endSession(id);
      notifications.show({
        color: 'green',
        title: t('Signed out'),
        message:
          id !== 'others'
            ? t('That device is signed out.')
            : apiTokensAvailable()
              ? t('Every other device is signed out and your API tokens are revoked.')
              : t('Every other device is signed out.'),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('Failed to sign out'),
        message: error instanceof Error ? error.message : t('Please try again.'),
      });
    } finally {
      setEnding(null);
    }
  };

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.is_current).length;

  return (
    <SettingsSection
      title={t('Active sessions')}
      description={t('Devices where your account is signed in. Sign out any you do not recognise.')}
    >
      {sessions.isLoading ? (
        <Center>
          <Loader size="sm" role="status" aria-label={t('Loading sessions')} />
        </Center>
      ) : sessions.error ? (
        <Alert color="red" title={t('Could not load your sessions')}>
          <Button size="xs" variant="default" onClick={() => void sessions.mutate()}>
            {t('Try again')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('No active sessions.')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack
            gap="xs"
            component="ul"
            aria-label={t('Active sessions')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={ending === session.id}
                onEnd={() => void end(session.id)}
              />
            ))}
          </Stack>
          <Group justify="flex-end" align="center" gap="sm">
            {apiTokensAvailable() && (
              <Text size="sm" c="dimmed">
                {t('Also revokes all your API tokens.')}
              </Text>
            )}
            <Button
              variant="outline"
              color="red"
              disabled={others === 0}
              loading={ending === 'others'}
              onClick={() => void end('others')}
            >
              {t('Sign out everywhere else')}
            </Button>
          </Group>
        </Stack>
      )}
    </SettingsSection>
  );
}
