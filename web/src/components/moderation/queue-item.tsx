import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, itemPath } from '@sciai/core';
import type { QueuedSubmission } from '../../data/submissions.ts';
import { useDecideSubmission } from '../../hooks/use-pending-submissions.ts';
import { PossibleDuplicates } from '../contribute/possible-duplicates.tsx';
import { SubmissionSummary } from '../contribute/submission-summary.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { t } from '../../i18n/index.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : t('Please try again.'));

/** One pending submission with its duplicate hints and the three decisions. */
export function QueueItem({ submission }: { submission: QueuedSubmission }) {
  const decisions = useDecideSubmission();
  const [dialog, setDialog] = useState<'changes' | 'reject' | null>(null);
  const [approving, setApproving] = useState(false);

  const approve = async () => {
    setApproving(true);
    try {
      const item = await decisions.approve(submission.id);
      notifications.show({
        color: 'green',
        title: t('Submission approved'),
        message: t("''{title}'' is published at {path}.", {
          title: submission.title,
          path: itemPath(item.content_type, item.slug),
        }),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: t('Could not approve the submission'), message: messageOf(error) });
    } finally {
      setApproving(false);
    }
  };

  const decide = async (reason: string) => {
    const kind = dialog;
    try {
      if (kind === 'reject') await decisions.reject(submission.id, reason);
      else await decisions.requestChanges(submission.id, reason);
      notifications.show({
        color: kind === 'reject' ? 'red' : 'orange',
        title: kind === 'reject' ? t('Submission rejected') : t('Changes requested'),
        message: t("The contributor of ''{title}'' can now read your reason.", { title: submission.title }),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: t('Could not record the decision'), message: messageOf(error) });
      throw error;
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={submission.title}>
      <Stack gap="md">
        <Text size="xs" c="dimmed">
          {t('Submitted {when} by {who}', {
            when: formatDate(submission.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
            who: submission.submitterName ?? t('a contributor'),
          })}
        </Text>
        <PossibleDuplicates
          query={{
            title: submission.title,
            url: submission.url,
            doi: submission.metadata.doi ?? null,
            excludeSubmission: submission.id,
          }}
        />
        <SubmissionSummary row={submission} />
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={() => setDialog('changes')} disabled={approving}>
            {t('Request changes')}
          </Button>
          <Button color="red" variant="light" onClick={() => setDialog('reject')} disabled={approving}>
            {t('Reject')}
          </Button>
          <Button onClick={() => void approve()} loading={approving}>
            {t('Approve')}
          </Button>
        </Group>
      </Stack>
      <ReasonModal
        opened={dialog !== null}
        title={
          dialog === 'reject'
            ? t("Reject ''{title}''", { title: submission.title })
            : t("Request changes to ''{title}''", { title: submission.title })
        }
        confirmLabel={dialog === 'reject' ? t('Reject') : t('Request changes')}
        color={dialog === 'reject' ? 'red' : 'orange'}
        onClose={() => setDialog(null)}
        onConfirm={decide}
      />
    </Card>
  );
}
