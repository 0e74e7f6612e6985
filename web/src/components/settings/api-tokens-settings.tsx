import { formatDate } from '@sciai/core';
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import {
  API_TOKEN_EXPIRIES,
  apiTokensAvailable,
  type ApiToken,
  type ApiTokenExpiry,
  type CreatedApiToken,
} from '../../data/api-tokens.ts';
import { useApiTokenActions, useApiTokens } from '../../hooks/use-api-tokens.ts';
import { SettingsSection } from './settings-section.tsx';
import { t, Trans } from '../../i18n/index.ts';

const MAX_TOKENS = 10;

const formatWhen = (value: string) => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

const expiryOptions = () =>
  API_TOKEN_EXPIRIES.map((days) => ({
    value: String(days),
    label: days === 365 ? t('1 year') : t('{count, plural, one {# day} other {# days}}', { count: days }),
  }));

function parseExpiry(value: string | null): ApiTokenExpiry {
  return API_TOKEN_EXPIRIES.find((days) => String(days) === value) ?? 90;
}

function TokenRow({ token, busy, onRevoke }: { token: ApiToken; busy: boolean; onRevoke: () => void }) {
  const expired = new Date(token.expires_at) <= new Date();
  return (
    <Card withBorder radius="sm" padding="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={500}>{token.name}</Text>
          <Text size="xs" c="dimmed">
            <Code>{token.token_prefix}…</Code> · {t('Created {date}', { date: formatWhen(token.created_at) })} ·{' '}
            {token.last_used_at ? t('Last used {date}', { date: formatWhen(token.last_used_at) }) : t('Never used')} ·{' '}
            {expired
              ? t('Expired {date}', { date: formatWhen(token.expires_at) })
              : t('Expires {date}', { date: formatWhen(token.expires_at) })}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="outline"
          color="red"
          loading={busy}
          onClick={onRevoke}
          aria-label={t('Revoke {name}', { name: token.name })}
        >
          {t('Revoke')}
        </Button>
      </Group>
    </Card>
  );
}

/** The token just made: shown once, with a button to copy it. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert color="green" role="status">
      <Stack gap="xs">
        <Text fw={600}>{t('Token "{name}" created', { name: created.name })}</Text>
        <Text size="sm">{t('Copy it now: it is shown only once. SciAI keeps only a fingerprint of it.')}</Text>
        <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>
          {created.token}
        </Code>
        <Group gap="xs">
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? t('Copied') : t('Copy token')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('Done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Settings → Security: personal API tokens, where the backend honours them (apiTokensAvailable). */
export function ApiTokensSettings() {
  return apiTokensAvailable() ? <ApiTokensSection /> : null;
}

/** Personal API tokens for scripts and notebooks (read-only, revocable). */
function ApiTokensSection() {
  const tokens = useApiTokens();
  const { create, revoke } = useApiTokenActions();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string | null>('90');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const list = tokens.data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = name.trim();
    if (clean.length < 1 || clean.length > 60) {
      setNameError(t('Token name must be 1 to 60 characters'));
      return;
    }
    setNameError(null);
    setCreating(true);
    try {
      setCreated(await create(clean, parseExpiry(expiry)));
      setName('');
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('Failed to create token'),
        message: error instanceof Error ? error.message : t('Please try again.'),
      });
    } finally {
      setCreating(false);
    }
  };

  const revokeOne = async (token: ApiToken) => {
    setRevoking(token.id);
    try {
      await revoke(token.id);
      notifications.show({
        color: 'green',
        title: t('Token revoked'),
        message: t('"{name}" no longer works.', { name: token.name }),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('Failed to revoke token'),
        message: error instanceof Error ? error.message : t('Please try again.'),
      });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <SettingsSection
      title={t('API tokens')}
      description={
        <>
          <Trans
            id="Read-only tokens for scripts and notebooks, with a higher rate limit than anonymous use. They read what your account can read and can never change anything, and last a year at most. See the <0>API documentation</0>."
            components={{ 0: <Anchor component={Link} href="/api" underline="always" /> }}
          />
        </>
      }
    >
      {created && <NewToken created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={(event) => void submit(event)} aria-label={t('Create an API token')}>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('Token name')}
            placeholder={t('My notebook')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            maxLength={60}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('Expires after')}
            data={expiryOptions()}
            value={expiry}
            onChange={setExpiry}
            allowDeselect={false}
            style={{ flex: '0 1 9rem' }}
          />
          <Button type="submit" loading={creating} disabled={list.length >= MAX_TOKENS}>
            {t('Create token')}
          </Button>
        </Group>
      </form>
      {tokens.isLoading ? (
        <Stack gap="xs" aria-label={t('Loading API tokens')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : tokens.error ? (
        <Alert color="red" title={t('Could not load your API tokens')}>
          <Button size="xs" variant="default" onClick={() => void tokens.mutate()}>
            {t('Try again')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('No API tokens yet.')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('API tokens')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              busy={revoking === token.id}
              onRevoke={() => void revokeOne(token)}
            />
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed" data-testid="api-tokens-revocation-note">
        {/* docs/product.md#api-tokens: what ends every token besides its own expiry or revocation */}
        {t(
          'Changing your password, or signing out everywhere else, revokes all your API tokens. We e-mail you whenever a token is created.',
        )}
      </Text>
      {list.length >= MAX_TOKENS && (
        <Text size="sm" c="dimmed">
          {t('You have {count} tokens, the most an account may hold: revoke one to create another.', {
            count: MAX_TOKENS,
          })}
        </Text>
      )}
    </SettingsSection>
  );
}
