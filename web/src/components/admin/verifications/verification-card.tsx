import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayName } from '@sciai/core';
import type { VerificationRequest } from '../../../data/admin-verifications.ts';
import { useDecideVerification } from '../../../hooks/use-admin-verifications.ts';
import { OrcidLink } from '../../profile/orcid-link.tsx';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import { errorMessage } from '../../load-state.tsx';
import { formatWhen } from '../common/format-time.ts';
import { t } from '../../../i18n/index.ts';

/** One pending request: who asks, their credentials, and Approve / Reject (with a reason). */
export function VerificationCard({ request }: { request: VerificationRequest }) {
  const decisions = useDecideVerification();
  // the decision the dialog asks about stays set while it fades out, so its text does not change
  const [dialog, setDialog] = useState<'approve' | 'reject'>('approve');
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const name = displayName({ ...request, email: request.email });

  const decide = async () => {
    setBusy(true);
    try {
      if (dialog === 'approve') {
        await decisions.approve(request.id);
        notifications.show({
          color: 'teal',
          title: t('Verification approved'),
          message: t('{name} is now verified.', { name }),
        });
      } else {
        await decisions.reject(request.id, reason.trim());
        notifications.show({
          color: 'teal',
          title: t('Verification rejected'),
          message: t('{name} can see your reason on their profile.', { name }),
        });
      }
      setOpened(false);
    } catch (error) {
      notifications.show({ color: 'red', title: t('Action failed'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="verification-request">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={request.requested_at}>
            {t('Requested {when}', { when: formatWhen(request.requested_at) })}
          </Text>
        </Group>
        {name !== request.email && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {request.email}
          </Text>
        )}
        <Text size="sm">{t('Institution: {institution}', { institution: request.institution ?? t('Not given') })}</Text>
        {request.orcid_id ? (
          <OrcidLink orcid={request.orcid_id} verified={request.orcid_verified} justify="flex-start" />
        ) : (
          <Text size="sm">{t('ORCID iD: Not given')}</Text>
        )}
        {request.bio && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {request.bio}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            onClick={() => {
              setDialog('approve');
              setOpened(true);
            }}
          >
            {t('Approve')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red"
            onClick={() => {
              setDialog('reject');
              setOpened(true);
            }}
          >
            {t('Reject')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={opened}
        title={dialog === 'approve' ? t('Approve verification') : t('Reject verification')}
        confirmLabel={dialog === 'approve' ? t('Approve') : t('Reject')}
        danger={dialog === 'reject'}
        busy={busy}
        canConfirm={dialog === 'approve' || reason.trim().length > 0}
        onConfirm={() => void decide()}
        onClose={() => !busy && setOpened(false)}
      >
        {dialog === 'approve' ? (
          t('Mark {name} as a verified researcher? The verified tick shows on their profile.', { name })
        ) : (
          <Textarea
            label={t('Reason')}
            description={t('Shown to the user on their profile.')}
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
        )}
      </ConfirmDialog>
    </Paper>
  );
}
