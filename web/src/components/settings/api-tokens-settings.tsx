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

const MAX_TOKENS = 10;

/** docs/product.md#api-tokens: what ends every token besides its own expiry or revocation. */
const API_TOKENS_REVOKED_NOTE =
  'Changing your password, or signing out everywhere else, revokes all your API tokens. We e-mail you whenever a token is created.';

const formatWhen = (value: string) =>
  new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const EXPIRY_OPTIONS = API_TOKEN_EXPIRIES.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
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
            <Code>{token.token_prefix}…</Code> · Created {formatWhen(token.created_at)} ·{' '}
            {token.last_used_at ? `Last used ${formatWhen(token.last_used_at)}` : 'Never used'} ·{' '}
            {`${expired ? 'Expired' : 'Expires'} ${formatWhen(token.expires_at)}`}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="outline"
          color="red"
          loading={busy}
          onClick={onRevoke}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
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
        <Text fw={600}>Token &quot;{created.name}&quot; created</Text>
        <Text size="sm">Copy it now: it is shown only once. SciAI keeps only a fingerprint of it.</Text>
        <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>
          {created.token}
        </Code>
        <Group gap="xs">
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
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
      setNameError('Token name must be 1 to 60 characters');
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
        title: 'Failed to create token',
        message: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setCreating(false);
    }
  };

  const revokeOne = async (token: ApiToken) => {
    setRevoking(token.id);
    try {
      await revoke(token.id);
      notifications.show({ color: 'green', title: 'Token revoked', message: `"${token.name}" no longer works.` });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Failed to revoke token',
        message: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <SettingsSection
      title="API tokens"
      description={
        <>
          Read-only tokens for scripts and notebooks, with a higher rate limit than anonymous use. They read what your
          account can read and can never change anything, and last a year at most. See the{' '}
          <Anchor component={Link} href="/api" underline="always">
            API documentation
          </Anchor>
          .
        </>
      }
    >
      {created && <NewToken created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={(event) => void submit(event)} aria-label="Create an API token">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Token name"
            placeholder="My notebook"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            maxLength={60}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label="Expires after"
            data={EXPIRY_OPTIONS}
            value={expiry}
            onChange={setExpiry}
            allowDeselect={false}
            style={{ flex: '0 1 9rem' }}
          />
          <Button type="submit" loading={creating} disabled={list.length >= MAX_TOKENS}>
            Create token
          </Button>
        </Group>
      </form>
      {tokens.isLoading ? (
        <Stack gap="xs" aria-label="Loading API tokens">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : tokens.error ? (
        <Alert color="red" title="Could not load your API tokens">
          <Button size="xs" variant="default" onClick={() => void tokens.mutate()}>
            Try again
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No API tokens yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="API tokens" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
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
        {API_TOKENS_REVOKED_NOTE}
      </Text>
      {list.length >= MAX_TOKENS && (
        <Text size="sm" c="dimmed">
          You have {MAX_TOKENS} tokens, the most an account may hold: revoke one to create another.
        </Text>
      )}
    </SettingsSection>
  );
}
