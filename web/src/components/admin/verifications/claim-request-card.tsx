import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import { useSWRConfig } from 'swr';
import { CLAIM_METHOD_LABELS, itemPath } from '@sciai/core';
import { adminClaimsKey, decideClaim, type AdminClaim, type ClaimDecision } from '../../../data/admin-claims.ts';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import { errorMessage } from '../../load-state.tsx';
import { formatWhen } from '../common/format-time.ts';
import { msg, t } from '../../../i18n/index.ts';

/** Messages, translated where shown. */
const DIALOG: Record<ClaimDecision, { title: string; label: string; done: string }> = {
  approve: { title: msg('Approve claim'), label: msg('Approve'), done: msg('Claim approved') },
  reject: { title: msg('Reject claim'), label: msg('Reject'), done: msg('Claim rejected') },
  revoke: { title: msg('Revoke maintainer'), label: msg('Revoke'), done: msg('Maintainer revoked') },
};

/** What proved a claim, in words: the repository and permission, the address, the iD, a handover. */
function proofText(claim: AdminClaim): string | undefined {
  const proof = new Map(Object.entries(claim.proof));
  const text = (key: string) => (typeof proof.get(key) === 'string' ? String(proof.get(key)) : undefined);
  if (text('transferred_from')) return t('Handed over by the previous maintainer');
  if (text('repository'))
    return t('{permission} of {repository} on GitHub', {
      permission: text('permission') ?? 'admin',
      repository: text('repository'),
    });
  if (text('email')) return t('Confirmed {email}', { email: text('email') });
  if (text('orcid')) return t('ORCID iD {orcid}', { orcid: text('orcid') });
  return undefined;
}

/** One claim for an admin: who, which item, how, and approve / reject / revoke with a reason. */
export function ClaimRequestCard({ claim }: { claim: AdminClaim }) {
  const { mutate } = useSWRConfig();
  const [decision, setDecision] = useState<ClaimDecision>('approve');
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const who = claim.claimant_name ?? claim.claimant_email;
  const proof = proofText(claim);

  const open = (next: ClaimDecision) => {
    setDecision(next);
    setReason('');
    setOpened(true);
  };
  const decide = async () => {
    setBusy(true);
    try {
      await decideClaim(claim.id, decision, reason.trim() || undefined);
      notifications.show({
        color: 'teal',
        title: t(DIALOG[decision].done),
        message: t('{who} is told by e-mail.', { who }),
      });
      setOpened(false);
      await Promise.all([mutate(adminClaimsKey('pending')), mutate(adminClaimsKey('approved'))]);
    } catch (error) {
      notifications.show({ color: 'red', title: t('Action failed'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="claim-request">
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
          <Text size="xs" c="dimmed" component="time" dateTime={claim.created_at}>
            {t('Claimed {when}', { when: formatWhen(claim.created_at) })}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {who}
          {who !== claim.claimant_email ? ` · ${claim.claimant_email}` : ''}
        </Text>
        <Group gap="xs">
          <Badge variant="light" tt="none">
            {t(CLAIM_METHOD_LABELS[claim.method])}
          </Badge>
          {proof && (
            <Text size="xs" c="dimmed">
              {proof}
            </Text>
          )}
        </Group>
        {claim.evidence && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {claim.evidence}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          {claim.status === 'pending' ? (
            <>
              <Button size="xs" onClick={() => open('approve')}>
                {t('Approve')}
              </Button>
              <Button size="xs" variant="outline" color="red" onClick={() => open('reject')}>
                {t('Reject')}
              </Button>
            </>
          ) : (
            <Button size="xs" variant="outline" color="red" onClick={() => open('revoke')}>
              {t('Revoke')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={opened}
        title={t(DIALOG[decision].title)}
        confirmLabel={t(DIALOG[decision].label)}
        danger={decision !== 'approve'}
        busy={busy}
        canConfirm={decision === 'approve' || reason.trim().length > 0}
        onConfirm={() => void decide()}
        onClose={() => !busy && setOpened(false)}
      >
        {decision === 'approve' ? (
          t('Make {who} the maintainer of “{title}”? Their name shows on the item and they can edit its facts.', {
            who,
            title: claim.title,
          })
        ) : (
          <Textarea
            label={t('Reason')}
            description={t('Sent to the claimant by e-mail.')}
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
        )}
      </ConfirmDialog>
    </Paper>
  );
}
