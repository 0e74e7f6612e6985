import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useOAuthLandingError } from '../../auth/oauth-landing.ts';
import { connectOrcid, disconnectOrcid } from '../../data/oauth.ts';
import { useEnabledProviders, useMyVerifiedOrcid } from '../../hooks/use-oauth.ts';
import { OrcidIcon } from './orcid-icon.tsx';
import { OrcidLink } from './orcid-link.tsx';
import { t } from '../../i18n/index.ts';

/**
 * Connect ORCID / Disconnect (docs/product.md#orcid-verified): signing in with ORCID proves the
 * iD, which the profile then shows as ORCID-verified. Shown when the auth service offers ORCID,
 * or when there is a verified iD to disconnect. `onlyOrcid`: the account was made with ORCID and
 * has no other way in, so ORCID stays connected.
 */
export function OrcidConnectionCard({ userId, onlyOrcid }: { userId: string; onlyOrcid: boolean }) {
  const providers = useEnabledProviders();
  const verified = useMyVerifiedOrcid(userId);
  const [error, setError] = useOAuthLandingError();
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const orcidOffered = providers.data?.orcid === true;
  if (!verified.data && !orcidOffered && !error && !verified.error) return null;

  const connect = async () => {
    setBusy('connect');
    setError(null);
    const failure = await connectOrcid();
    // Success: the browser is on its way to ORCID and comes back to this page.
    if (failure) {
      setBusy(null);
      setError(failure.message);
    }
  };

  const disconnect = async () => {
    setBusy('disconnect');
    setError(null);
    const failure = await disconnectOrcid();
    setBusy(null);
    setConfirming(false);
    if (failure) {
      setError(failure.message);
      return;
    }
    await verified.mutate(null);
    notifications.show({ color: 'green', message: t('Your ORCID iD is disconnected.') });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        ORCID iD
      </Title>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert" title={t('ORCID was not connected')}>
            {error}
          </Alert>
        )}
        {verified.isLoading ? (
          <Loader size="sm" role="status" aria-label={t('Loading your ORCID iD')} />
        ) : verified.error ? (
          <Group justify="space-between">
            <Text size="sm">{t('Your ORCID iD could not be loaded.')}</Text>
            <Button size="xs" variant="default" onClick={() => void verified.mutate()}>
              {t('Try again')}
            </Button>
          </Group>
        ) : verified.data ? (
          <>
            <OrcidLink orcid={verified.data.orcidId} verified />
            {verified.data.name && (
              <Text size="sm" c="dimmed" ta="center">
                {t('Name on your ORCID record: {name}', { name: verified.data.name })}
              </Text>
            )}
            {onlyOrcid ? (
              <Text size="sm" c="dimmed">
                {t('You sign in with ORCID, so your iD stays connected.')}
              </Text>
            ) : confirming ? (
              <Stack gap="xs">
                <Text size="sm">{t('Disconnect your ORCID iD? Your profile will no longer show it as verified.')}</Text>
                <Group gap="xs">
                  <Button color="red" loading={busy === 'disconnect'} onClick={() => void disconnect()}>
                    {t('Disconnect ORCID')}
                  </Button>
                  <Button variant="default" disabled={busy !== null} onClick={() => setConfirming(false)}>
                    {t('Cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Button variant="default" onClick={() => setConfirming(true)}>
                {t('Disconnect')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Text size="sm">
              {t('Sign in with ORCID to prove your iD: your profile then shows it as ORCID-verified.')}
            </Text>
            <Button
              variant="default"
              leftSection={<OrcidIcon size={18} />}
              loading={busy === 'connect'}
              disabled={!orcidOffered}
              onClick={() => void connect()}
            >
              {t('Connect ORCID')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
