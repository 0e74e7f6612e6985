import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import {
  itemPath,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REVIEW_MODERATION_REASON_MAX,
  type ModerationReview,
} from '@sciai/core';
import { moderateReview, ReviewError, type ReviewDecision } from '../../data/reviews.ts';
import { useReviewQueue } from '../../hooks/use-review-queue.ts';
import { ReviewCard, reviewDate } from '../reviews/review-card.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { t, Trans } from '../../i18n/index.ts';

function reasonLabel(reason: string): string {
  const known = REPORT_REASONS.find((value) => value === reason);
  return known ? t(REPORT_REASON_LABELS[known]) : reason;
}

/** Reviews for moderators: new reviewers' reviews to approve, reported reviews to keep, hide or remove. */
export function ReviewQueue() {
  const { data, error, mutate } = useReviewQueue();
  const [deciding, setDeciding] = useState<{ review: ModerationReview; decision: 'hide' | 'remove' } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const decide = async (review: ModerationReview, decision: ReviewDecision, reason?: string) => {
    setBusy(review.id);
    try {
      await moderateReview(review.id, decision, reason);
      notifications.show({ color: 'green', title: t('Decision saved'), message: doneText(decision) });
      await mutate();
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: t('The decision could not be saved'),
        message: failure instanceof ReviewError ? failure.message : t('Please try again.'),
      });
      throw failure;
    } finally {
      setBusy(null);
    }
  };

  if (error) {
    return (
      <Alert color="red" title={t('Could not load the reviews to moderate')}>
        <Button variant="light" size="xs" onClick={() => void mutate()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="review-queue-title">
      <Title order={2} fz="lg" id="review-queue-title">
        {t('Reviews ({count})', { count: data.length })}
      </Title>
      {data.map((review) => (
        <Stack key={review.id} gap={4}>
          <Group gap="xs" wrap="wrap">
            <Badge color={review.status === 'pending' ? 'blue' : 'orange'} variant="light">
              {review.status === 'pending'
                ? t('New reviewer')
                : t('Reported {count}×', { count: review.reports.length })}
            </Badge>
            <Text size="sm">
              <Trans
                id="Review of <0>{title}</0>"
                values={{ title: review.item.title }}
                components={{
                  0: (
                    <Anchor
                      underline="always"
                      component={Link}
                      href={itemPath(review.item.content_type, review.item.slug)}
                    />
                  ),
                }}
              />
              {review.author_since ? ` · ${t('account since {date}', { date: reviewDate(review.author_since) })}` : ''}
            </Text>
          </Group>
          {review.reports.map((report, index) => (
            <Text key={index} size="sm" c="dimmed">
              {report.note
                ? t('Report: {reason} — “{note}” ({date})', {
                    reason: reasonLabel(report.reason),
                    note: report.note,
                    date: reviewDate(report.created_at),
                  })
                : t('Report: {reason} ({date})', {
                    reason: reasonLabel(report.reason),
                    date: reviewDate(report.created_at),
                  })}
            </Text>
          ))}
          <ReviewCard
            review={review}
            actions={
              review.is_own ? (
                <Text size="sm" c="dimmed">
                  {t('Your own review: another moderator decides on it.')}
                </Text>
              ) : (
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    color="green"
                    loading={busy === review.id}
                    onClick={() => void decide(review, 'approve').catch(() => {})}
                  >
                    {review.status === 'pending' ? t('Approve') : t('Keep published')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    disabled={busy === review.id}
                    onClick={() => setDeciding({ review, decision: 'hide' })}
                  >
                    {t('Hide')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={busy === review.id}
                    onClick={() => setDeciding({ review, decision: 'remove' })}
                  >
                    {t('Remove')}
                  </Button>
                </Group>
              )
            }
          />
        </Stack>
      ))}
      <ReasonModal
        opened={deciding !== null}
        title={deciding?.decision === 'remove' ? t('Remove this review') : t('Hide this review')}
        confirmLabel={deciding?.decision === 'remove' ? t('Remove review') : t('Hide review')}
        color={deciding?.decision === 'remove' ? 'red' : 'orange'}
        description={t('The reviewer sees this on their review.')}
        maxLength={REVIEW_MODERATION_REASON_MAX}
        onClose={() => setDeciding(null)}
        onConfirm={async (reason) => {
          if (deciding) await decide(deciding.review, deciding.decision, reason);
        }}
      />
    </Stack>
  );
}

function doneText(decision: ReviewDecision): string {
  if (decision === 'approve') return t('The review is published.');
  return decision === 'hide' ? t('The review is hidden.') : t('The review is removed.');
}
