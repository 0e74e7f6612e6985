import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reviewFormValues, type ContentType, type Review } from '@sciai/core';
import { deleteReview, ReviewError } from '../../data/reviews.ts';
import { ReviewCard } from './review-card.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewReplyBlock } from './review-reply.tsx';
import { t } from '../../i18n/index.ts';

/** What the author reads about their review's status: waiting, hidden or removed, with the reason. */
function StatusNotice({ review }: { review: Review }) {
  switch (review.status) {
    case 'pending':
      return (
        <Alert color="blue" variant="light" title={t('Waiting for moderation')}>
          {t('Only you can see this review until a moderator has approved it.')}
        </Alert>
      );
    case 'hidden':
      return (
        <Alert color="orange" variant="light" title={t('Hidden by a moderator')}>
          <Text size="sm">{t('Reason: {reason}', { reason: review.status_reason })}</Text>
          <Text size="sm">{t('Edit your review to send it back for moderation.')}</Text>
        </Alert>
      );
    case 'removed':
      return (
        <Alert color="red" variant="light" title={t('Removed by a moderator')}>
          <Text size="sm">{t('Reason: {reason}', { reason: review.status_reason })}</Text>
        </Alert>
      );
    default:
      return null;
  }
}

interface OwnReviewProps {
  review: Review;
  contentId: string;
  contentType: ContentType;
  onChanged(): void;
}

/** The signed-in user's review of this item, in any status, with Edit and Delete. */
export function OwnReview({ review, contentId, contentType, onChanged }: OwnReviewProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteReview(review.id);
      notifications.show({ color: 'green', title: t('Review deleted'), message: t('Your review has been deleted.') });
      setConfirming(false);
      onChanged();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('Your review could not be deleted'),
        message: error instanceof ReviewError ? error.message : t('Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <ReviewForm
        contentId={contentId}
        contentType={contentType}
        editing={{ id: review.id, values: reviewFormValues(review) }}
        onDone={() => {
          setEditing(false);
          onChanged();
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="own-review-title">
      <Text fw={600} id="own-review-title">
        {t('Your review')}
      </Text>
      <ReviewCard
        review={review}
        notice={<StatusNotice review={review} />}
        actions={
          <Group gap="xs">
            {review.status !== 'removed' && (
              <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                {t('Edit')}
              </Button>
            )}
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('Delete')}
            </Button>
          </Group>
        }
      >
        <ReviewReplyBlock review={review} canReply={false} onChanged={onChanged} />
      </ReviewCard>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('Delete your review?')} centered>
        <Stack gap="md">
          <Text size="sm">
            {t('Your review, its helpful marks and its rating are removed from this item. This cannot be undone.')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              {t('Delete review')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
