import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDecideHarvested, useHarvestQueue } from '../../hooks/use-harvest-queue.ts';
import { usePendingFactChanges } from '../../hooks/use-admin-claims.ts';
import { usePendingSubmissions } from '../../hooks/use-pending-submissions.ts';
import { useReviewQueue } from '../../hooks/use-review-queue.ts';
import { FactChangeQueue } from './fact-change-queue.tsx';
import { HarvestedItemCard } from './harvested-item.tsx';
import { QueueItem } from './queue-item.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { t } from '../../i18n/index.ts';

/** Items harvests added without publishing them, oldest first, each with where it came from. */
function HarvestedQueue() {
  const { data, error } = useHarvestQueue();
  const decide = useDecideHarvested();
  if (error) {
    return (
      <Alert color="red" title={t('Could not load the harvested items')}>
        {error instanceof Error ? error.message : t('Please try again.')}
      </Alert>
    );
  }
  if (!data || data.items.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="harvest-queue-title">
      <Title order={2} fz="lg" id="harvest-queue-title">
        {t('Harvested items ({count})', { count: data.total })}
      </Title>
      {data.items.map((item) => (
        <HarvestedItemCard key={item.id} item={item} decide={(status) => decide(item.id, status)} />
      ))}
    </Stack>
  );
}

/**
 * Pending contributions, oldest first, for moderators and admins to decide on; then reviews
 * waiting or reported; then maintainers' changes of a name, website or repository; then
 * harvested items.
 */
export function ModerationQueue() {
  const harvested = useHarvestQueue().data?.total ?? 0;
  const reviews = useReviewQueue().data?.length ?? 0;
  const changes = usePendingFactChanges().data?.length ?? 0;
  return (
    <Stack gap="xl">
      <SubmissionQueue othersWaiting={harvested + reviews + changes > 0} />
      <ReviewQueue />
      <FactChangeQueue />
      <HarvestedQueue />
    </Stack>
  );
}

/**
 * The empty queue's words: reviews, maintainers' changes and harvested items wait for review
 * too, so with some listed below it is only the contributions that are none.
 */
function emptyQueueText(othersWaiting: boolean): string {
  return othersWaiting ? t('No contributions are waiting for review.') : t('Nothing is waiting for review.');
}

function SubmissionQueue({ othersWaiting }: { othersWaiting: boolean }) {
  const { data, error, isLoading, mutate } = usePendingSubmissions();

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('Loading the moderation queue')} />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" title={t('Could not load the moderation queue')}>
        <Text size="sm" mb="xs">
          {error instanceof Error ? error.message : t('Please try again.')}
        </Text>
        <Button variant="light" size="xs" onClick={() => void mutate()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  }
  if (!data || data.length === 0) {
    return (
      <Text c="dimmed" py="lg">
        {emptyQueueText(othersWaiting)}
      </Text>
    );
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="moderation-queue-title">
      <Title order={2} fz="lg" id="moderation-queue-title">
        {t('Pending submissions ({count})', { count: data.length })}
      </Title>
      {data.map((submission) => (
        <QueueItem key={submission.id} submission={submission} />
      ))}
    </Stack>
  );
}
