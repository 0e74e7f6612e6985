import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { itemPath } from '@sciai/core';
import type { QueuedSubmission } from '../../data/submissions.ts';
import { useDecideSubmission } from '../../hooks/use-pending-submissions.ts';
import { PossibleDuplicates } from '../contribute/possible-duplicates.tsx';
import { SubmissionSummary } from '../contribute/submission-summary.tsx';
import { ReasonModal } from './reason-modal.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

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
        title: 'Submission approved',
        message: `'${submission.title}' is published at ${itemPath(item.content_type, item.slug)}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not approve the submission', message: messageOf(error) });
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
        title: kind === 'reject' ? 'Submission rejected' : 'Changes requested',
        message: `The contributor of '${submission.title}' can now read your reason.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not record the decision', message: messageOf(error) });
      throw error;
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={submission.title}>
      <Stack gap="md">
        <Text size="xs" c="dimmed">
          Submitted {dateFormat.format(new Date(submission.created_at))} by{' '}
          {submission.submitterName ?? 'a contributor'}
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
            Request changes
          </Button>
          <Button color="red" variant="light" onClick={() => setDialog('reject')} disabled={approving}>
            Reject
          </Button>
          <Button onClick={() => void approve()} loading={approving}>
            Approve
          </Button>
        </Group>
      </Stack>
      <ReasonModal
        opened={dialog !== null}
        title={dialog === 'reject' ? `Reject '${submission.title}'` : `Request changes to '${submission.title}'`}
        confirmLabel={dialog === 'reject' ? 'Reject' : 'Request changes'}
        color={dialog === 'reject' ? 'red' : 'orange'}
        onClose={() => setDialog(null)}
        onConfirm={decide}
      />
    </Card>
  );
}
