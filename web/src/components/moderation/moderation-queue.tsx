import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { usePendingSubmissions } from '../../hooks/use-pending-submissions.ts';
import { QueueItem } from './queue-item.tsx';

/** Pending contributions, oldest first, for moderators and admins to decide on. */
export function ModerationQueue() {
  const { data, error, isLoading, mutate } = usePendingSubmissions();

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the moderation queue" />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="Could not load the moderation queue">
        <Text size="sm" mb="xs">
          {error instanceof Error ? error.message : 'Please try again.'}
        </Text>
        <Button variant="light" size="xs" onClick={() => void mutate()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!data || data.length === 0) {
    return (
      <Text c="dimmed" py="lg">
        No submissions are waiting for review.
      </Text>
    );
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="moderation-queue-title">
      <Title order={2} fz="lg" id="moderation-queue-title">
        Pending submissions ({data.length})
      </Title>
      {data.map((submission) => (
        <QueueItem key={submission.id} submission={submission} />
      ))}
    </Stack>
  );
}
