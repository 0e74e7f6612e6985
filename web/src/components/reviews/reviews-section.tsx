import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation } from 'wouter';
import {
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  signInPathFor,
  formatNumber,
  type ContentType,
  type Review,
  type ReviewSort,
} from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import { markReviewHelpful, ReviewError } from '../../data/reviews.ts';
import { useItemReviews, useRefreshItemReviews } from '../../hooks/use-item-reviews.ts';
import { OwnReview } from './own-review.tsx';
import { RatingHeadline } from './rating-headline.tsx';
import { ReaderActions, ReviewCard } from './review-card.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReportReviewModal } from './report-review-modal.tsx';
import { HideReplyModal } from './hide-reply-modal.tsx';
import { ReviewReplyBlock } from './review-reply.tsx';
import { t, Trans } from '../../i18n/index.ts';
import { pageControlLabel } from './page-control-label.ts';

/** The Reviews section of a detail page (docs/product.md#reviews). */
export function ReviewsSection({ contentId, contentType }: { contentId: string; contentType: ContentType }) {
  const { user, needsSecondFactor, hasRole } = useAuth();
  const signedIn = user !== null && !needsSecondFactor;
  const [location] = useLocation();
  const [sort, setSort] = useState<ReviewSort>('helpful');
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const [reporting, setReporting] = useState<string | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const [hidingReply, setHidingReply] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useItemReviews(contentId, sort, page);
  const refresh = useRefreshItemReviews(contentId);

  const toggleHelpful = async (review: Review) => {
    setMarking(review.id);
    try {
      await markReviewHelpful(review.id, !review.marked_helpful);
      await refresh();
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: t('Could not mark the review'),
        message: failure instanceof ReviewError ? failure.message : t('Please try again.'),
      });
    } finally {
      setMarking(null);
    }
  };

  const others = data?.reviews.filter((review) => !review.is_own) ?? [];
  const pages = data ? Math.ceil(data.total / data.page_size) : 0;
  /** How the section names the item: "review this tool" (an ICU select on it). */
  const type = contentType;
  const staff = signedIn && hasRole('moderator');

  return (
    <Stack component="section" aria-labelledby="reviews-title" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3" id="reviews-title">
          {data && data.total > 0 ? t('Reviews ({count})', { count: formatNumber(data.total) }) : t('Reviews')}
        </Title>
        {data && data.total > 1 && (
          <NativeSelect
            label={t('Sort reviews')}
            size="xs"
            value={sort}
            data={REVIEW_SORTS.map((value) => ({ value, label: t(REVIEW_SORT_LABELS[value]) }))}
            onChange={(event) => {
              setSort(REVIEW_SORTS.find((known) => known === event.currentTarget.value) ?? 'helpful');
              setPage(1);
            }}
          />
        )}
      </Group>
      {isLoading && (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('Loading reviews')} />
        </Center>
      )}
      {error && !data && (
        <Alert color="red" variant="light" title={t('The reviews could not load')}>
          <Button variant="light" color="red" size="xs" onClick={() => void mutate()}>
            {t('Try again')}
          </Button>
        </Alert>
      )}
      {data && (
        <>
          <RatingHeadline rating={data.rating} />
          {data.own ? (
            <OwnReview
              review={data.own}
              contentId={contentId}
              contentType={contentType}
              onChanged={() => void refresh()}
            />
          ) : signedIn ? (
            writing ? (
              <Card withBorder radius="md" padding="md">
                <Title order={3} size="h4" mb="sm">
                  {t('Write a review')}
                </Title>
                <ReviewForm
                  contentId={contentId}
                  contentType={contentType}
                  onDone={() => {
                    setWriting(false);
                    void refresh();
                  }}
                  onCancel={() => setWriting(false)}
                />
              </Card>
            ) : (
              <Group>
                <Button onClick={() => setWriting(true)}>{t('Write a review')}</Button>
              </Group>
            )
          ) : (
            <Text size="sm">
              <Trans
                id="<0>Sign in</0> to review this {type, select, software {tool} paper {paper} company {company} other {agent}} and mark reviews as helpful."
                values={{ type }}
                components={{ 0: <Anchor underline="always" component={Link} href={signInPathFor(location)} /> }}
              />
            </Text>
          )}
          {others.length === 0 && !data.own && (
            <Text c="dimmed" size="sm">
              {t(
                'No reviews yet. Researchers who have used this {type, select, software {tool} paper {paper} company {company} other {agent}} can be the first to review it.',
                { type },
              )}
            </Text>
          )}
          {others.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              actions={
                <ReaderActions
                  review={review}
                  signedIn={signedIn}
                  busy={marking === review.id}
                  onHelpful={() => void toggleHelpful(review)}
                  onReport={() => setReporting(review.id)}
                />
              }
            >
              <ReviewReplyBlock
                review={review}
                canReply={signedIn && data.can_reply}
                onChanged={() => void refresh()}
                onHide={staff ? setHidingReply : undefined}
              />
            </ReviewCard>
          ))}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': pageControlLabel(control) })}
            />
          )}
        </>
      )}
      <ReportReviewModal reviewId={reporting} onClose={() => setReporting(null)} />
      <HideReplyModal reviewId={hidingReply} onClose={() => setHidingReply(null)} onHidden={() => void refresh()} />
    </Stack>
  );
}
