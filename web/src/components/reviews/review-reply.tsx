import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import { publicProfilePath, type Review, type ReviewReply } from '@sciai/core';
import { deleteReviewReply, moderateReviewReply, ReviewError } from '../../data/reviews.ts';
import { reviewDate } from './review-card.tsx';
import { ReplyForm } from './reply-form.tsx';
import { ReviewText } from './review-text.tsx';
import { t } from '../../i18n/index.ts';

interface ReviewReplyProps {
  review: Review;
  /** The reader maintains the item (and did not write this review): they may reply. */
  canReply: boolean;
  onChanged(): void;
  /** For moderators and admins: they may hide the reply (this opens the reason) or show it again. */
  onHide?(reviewId: string): void;
}

/**
 * Under a review: the maintainer's reply ("Reply from the maintainer") with its author's actions
 * and the moderators', or the maintainer's "Reply" button and form (docs/product.md#reviews).
 */
export function ReviewReplyBlock({ review, canReply, onChanged, onHide }: ReviewReplyProps) {
  const [writing, setWriting] = useState(false);
  const reply = review.reply;
  if (writing) {
    return (
      <ReplyForm
        reviewId={review.id}
        editing={reply?.text}
        onDone={() => {
          setWriting(false);
          onChanged();
        }}
        onCancel={() => setWriting(false)}
      />
    );
  }
  if (!reply) {
    return canReply ? (
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMessageReply size={14} aria-hidden />}
          onClick={() => setWriting(true)}
        >
          {t('Reply')}
        </Button>
      </Group>
    ) : null;
  }
  return (
    <ReplyView
      reviewId={review.id}
      reply={reply}
      canEdit={canReply && reply.is_own && reply.status !== 'hidden'}
      onEdit={() => setWriting(true)}
      onChanged={onChanged}
      onHide={onHide}
    />
  );
}

interface ReplyViewProps {
  reviewId: string;
  reply: ReviewReply;
  canEdit: boolean;
  onEdit(): void;
  onChanged(): void;
  onHide?(reviewId: string): void;
}

function ReplyView({ reviewId, reply, canEdit, onEdit, onChanged, onHide }: ReplyViewProps) {
  const staff = onHide !== undefined;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const hidden = reply.status === 'hidden';

  const run = async (work: () => Promise<void>, done: string, failed: string) => {
    setBusy(true);
    try {
      await work();
      notifications.show({ color: 'green', title: done, message: t('The page shows the change.') });
      setConfirming(false);
      onChanged();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: failed,
        message: error instanceof ReviewError ? error.message : t('Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="section"
      aria-label={t('Reply from the maintainer')}
      ps="md"
      py={4}
      style={{ borderInlineStart: '3px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('Reply from the maintainer')}
        </Text>
        <Group gap="xs" wrap="wrap">
          {reply.author.handle ? (
            <Anchor component={Link} href={publicProfilePath(reply.author.handle)} size="sm" fw={500}>
              {reply.author.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {reply.author.name}
            </Text>
          )}
          <Badge variant="light" color={reply.author.maintainer ? 'blue' : 'gray'} size="sm">
            {reply.author.maintainer ? t('Maintainer') : t('Former maintainer')}
          </Badge>
          <Text size="xs" c="dimmed">
            {reviewDate(reply.created_at)}
            {reply.edited_at ? ` · ${t('edited')}` : ''}
          </Text>
        </Group>
        {hidden && (
          <Alert color="orange" variant="light" title={t('Hidden by a moderator')}>
            <Text size="sm">{t('Reason: {reason}', { reason: reply.status_reason })}</Text>
            <Text size="sm">{t('Only its author and moderators see this reply.')}</Text>
          </Alert>
        )}
        <ReviewText text={reply.text} />
        {(canEdit || (reply.is_own && !hidden) || (staff && !reply.is_own)) && (
          <Group gap="xs" wrap="wrap">
            {canEdit && (
              <Button size="xs" variant="light" onClick={onEdit}>
                {t('Edit reply')}
              </Button>
            )}
            {reply.is_own && !hidden && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('Delete reply')}
              </Button>
            )}
            {staff && !reply.is_own && !hidden && (
              <Button size="xs" variant="subtle" color="orange" onClick={() => onHide?.(reviewId)}>
                {t('Hide reply')}
              </Button>
            )}
            {staff && !reply.is_own && hidden && (
              <Button
                size="xs"
                variant="light"
                loading={busy}
                onClick={() =>
                  void run(
                    () => moderateReviewReply(reviewId, 'restore'),
                    t('Reply shown again'),
                    t('Could not show the reply'),
                  )
                }
              >
                {t('Show reply again')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('Delete your reply?')} centered>
        <Stack gap="md">
          <Text size="sm">{t('Your reply is removed from under this review. This cannot be undone.')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() =>
                void run(() => deleteReviewReply(reviewId), t('Reply deleted'), t('Could not delete the reply'))
              }
            >
              {t('Delete reply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
