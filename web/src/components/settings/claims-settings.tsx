import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import { CLAIM_METHOD_LABELS, CLAIM_STATUS_LABELS, itemPath } from '@sciai/core';
import { answerClaimTransfer, offerClaimTransfer, withdrawClaim, type MyClaim } from '../../data/item-claims.ts';
import { useMyClaims } from '../../hooks/use-item-claims.ts';
import { errorMessage } from '../load-state.tsx';
import { SettingsSection } from './settings-section.tsx';
import { t } from '../../i18n/index.ts';

/** Runs a claim action, says what happened, and reads the claims again. */
function useClaimAction(refresh: () => unknown) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      notifications.show({ color: 'teal', title: done, message: t('Your claims are up to date.') });
      refresh();
      return true;
    } catch (error) {
      notifications.show({ color: 'red', title: t('Action failed'), message: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function ClaimRow({ claim, refresh }: { claim: MyClaim; refresh: () => unknown }) {
  const { busy, run } = useClaimAction(refresh);
  const [recipient, setRecipient] = useState('');
  const [handingOver, setHandingOver] = useState(false);
  const mine = claim.mine && (claim.status === 'approved' || claim.status === 'pending');

  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor
            component={Link}
            href={itemPath(claim.content_type, claim.slug)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {claim.title}
          </Anchor>
          <Badge variant="light" tt="none" color={claim.status === 'approved' ? 'teal' : 'gray'}>
            {claim.offered_to_me
              ? t('Offered to you')
              : claim.status === 'approved'
                ? t('You maintain it')
                : t(CLAIM_STATUS_LABELS[claim.status])}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t(CLAIM_METHOD_LABELS[claim.method])}
          {claim.reason ? ` · ${claim.reason}` : ''}
        </Text>
        {claim.offered_to_me && (
          <Group gap="xs">
            <Button
              size="xs"
              loading={busy}
              onClick={() => void run(() => answerClaimTransfer(claim.id, true), t('You now maintain this item'))}
            >
              {t('Accept')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => void run(() => answerClaimTransfer(claim.id, false), t('Handover declined'))}
            >
              {t('Decline')}
            </Button>
          </Group>
        )}
        {mine && (
          <Group gap="xs">
            {claim.status === 'approved' && !claim.transfer_pending && (
              <Button
                size="xs"
                variant="light"
                onClick={() => setHandingOver((open) => !open)}
                aria-expanded={handingOver}
              >
                {t('Hand over')}
              </Button>
            )}
            {claim.transfer_pending && (
              <Button
                size="xs"
                variant="light"
                loading={busy}
                onClick={() => void run(() => offerClaimTransfer(claim.id, ''), t('Handover taken back'))}
              >
                {t('Take back the handover')}
              </Button>
            )}
            <Button
              size="xs"
              variant="outline"
              color="red"
              disabled={busy}
              onClick={() =>
                void run(
                  () => withdrawClaim(claim.id),
                  claim.status === 'approved' ? t('You stepped down') : t('Claim withdrawn'),
                )
              }
            >
              {claim.status === 'approved' ? t('Step down') : t('Withdraw claim')}
            </Button>
          </Group>
        )}
        {claim.transfer_pending && (
          <Text size="xs" c="dimmed">
            {t('Waiting for the new maintainer to accept.')}
          </Text>
        )}
        {handingOver && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => offerClaimTransfer(claim.id, recipient.trim()), t('Handover offered')).then(
                (done) => done && setHandingOver(false),
              );
            }}
            noValidate
          >
            <Group align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                label={t('New maintainer’s handle or e-mail address')}
                description={t('They accept in their settings; until then you stay the maintainer.')}
                value={recipient}
                maxLength={254}
                onChange={(event) => setRecipient(event.currentTarget.value)}
                style={{ flex: '1 1 240px' }}
              />
              <Button type="submit" size="sm" loading={busy} disabled={recipient.trim() === ''}>
                {t('Offer')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** Settings → Claims: the items the user maintains or claims, and handovers offered to them. */
export function ClaimsSettings() {
  const { data, error, mutate } = useMyClaims();
  return (
    <SettingsSection
      title={t('Claims')}
      description={t('Items you maintain or have claimed. Claim an item from its page with “Claim this item”.')}
    >
      {error ? (
        <Alert color="red" title={t('Your claims could not load')}>
          <Group gap="xs">
            <Text size="sm">{errorMessage(error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
              {t('Try again')}
            </Button>
          </Group>
        </Alert>
      ) : data === undefined ? (
        <Text size="sm" c="dimmed">
          {t('Loading your claims…')}
        </Text>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('You have not claimed any item.')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('Your claims')}
        >
          {data.map((claim) => (
            <ClaimRow key={claim.id} claim={claim} refresh={() => void mutate()} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
