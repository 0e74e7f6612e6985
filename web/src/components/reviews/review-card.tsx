import { useEffect, useRef, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Rating, Stack, Text } from '@mantine/core';
import { IconFlag, IconThumbUp } from '@tabler/icons-react';
import { Link } from 'wouter';
import {
  formatDate,
  formatNumber,
  publicProfilePath,
  usedForLine,
  REVIEW_ASPECT_LABELS,
  REVIEW_ASPECTS,
  type Review,
} from '@sciai/core';
import { ReviewText } from './review-text.tsx';
import { t } from '../../i18n/index.ts';

export function reviewDate(value: string): string {
  return formatDate(value, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

interface ReviewCardProps {
  review: Review;
  /** The helpful and report buttons, for others' reviews; the own review's actions otherwise. */
  actions?: ReactNode;
  /** A notice above the text (the own review's status). */
  notice?: ReactNode;
  /** Below the actions: the maintainer's reply, or their Reply button. */
  children?: ReactNode;
}

/** One review: who wrote it (name, ORCID badge if verified, institution), what for, and the text. */
export function ReviewCard({ review, actions, notice, children }: ReviewCardProps) {
  const { reviewer } = review;
  const anchor = `review-${review.id}`;
  const card = useRef<HTMLElement>(null);
  // A link to one review (the maintainers' e-mail) lands before the reviews load: scroll once it is shown.
  useEffect(() => {
    if (window.location.hash === `#${anchor}`) card.current?.scrollIntoView({ block: 'start' });
  }, [anchor]);
  const aspects = REVIEW_ASPECTS.filter((aspect) => review.aspects[aspect] !== undefined);
  const used = usedForLine(review);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      id={anchor}
      ref={card}
      aria-label={t('Review by {name}', { name: reviewer.name })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Group gap="xs" wrap="wrap">
              {reviewer.handle ? (
                <Anchor component={Link} href={publicProfilePath(reviewer.handle)} fw={600}>
                  {reviewer.name}
                </Anchor>
              ) : (
                <Text fw={600}>{reviewer.name}</Text>
              )}
              {reviewer.verified && reviewer.orcid_id && (
                <Badge
                  component="a"
                  href={`https://orcid.org/${reviewer.orcid_id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="lime"
                  variant="light"
                  title={t('ORCID iD verified by signing in with ORCID')}
                >
                  {t('ORCID verified')}
                </Badge>
              )}
            </Group>
            {reviewer.affiliation && (
              <Text size="sm" c="dimmed">
                {reviewer.affiliation}
              </Text>
            )}
          </Stack>
          <Stack gap={2} align="flex-end">
            <Rating value={review.rating} readOnly size="sm" aria-hidden />
            <Text size="xs" c="dimmed">
              {t('{rating} out of 5', { rating: review.rating })} · {reviewDate(review.created_at)}
              {review.edited_at ? ` · ${t('edited')}` : ''}
            </Text>
          </Stack>
        </Group>
        {notice}
        {used && (
          <Text size="sm">
            <Text span fw={500}>
              {review.engagement ? t('Engagement:') : t('Used for:')}{' '}
            </Text>
            {used}
          </Text>
        )}
        {(review.version || review.used_on) && (
          <Text size="sm" c="dimmed">
            {review.version && review.used_on
              ? t('Version {version}, used {date}', { version: review.version, date: reviewDate(review.used_on) })
              : review.version
                ? t('Version {version}', { version: review.version })
                : review.used_on && t('used {date}', { date: reviewDate(review.used_on) })}
          </Text>
        )}
        {aspects.length > 0 && (
          <Group gap="md" wrap="wrap">
            {aspects.map((aspect) => (
              <Text key={aspect} size="xs" c="dimmed">
                {t('{aspect}: {rating}/5', { aspect: t(REVIEW_ASPECT_LABELS[aspect]), rating: review.aspects[aspect] })}
              </Text>
            ))}
          </Group>
        )}
        <ReviewText text={review.text} />
        {actions}
        {children}
      </Stack>
    </Card>
  );
}

interface ReaderActionsProps {
  review: Review;
  signedIn: boolean;
  busy: boolean;
  onHelpful(): void;
  onReport(): void;
}

/** Helpful (a toggle, with its count) and Report, for a review someone else wrote. */
export function ReaderActions({ review, signedIn, busy, onHelpful, onReport }: ReaderActionsProps) {
  const count = review.helpful_count;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant={review.marked_helpful ? 'light' : 'subtle'}
        leftSection={<IconThumbUp size={14} aria-hidden />}
        aria-pressed={review.marked_helpful}
        loading={busy}
        disabled={!signedIn}
        title={signedIn ? undefined : t('Sign in to mark reviews as helpful')}
        onClick={onHelpful}
      >
        {count > 0 ? t('Helpful ({count})', { count: formatNumber(count) }) : t('Helpful')}
      </Button>
      {signedIn && (
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconFlag size={14} aria-hidden />}
          onClick={onReport}
        >
          {t('Report')}
        </Button>
      )}
    </Group>
  );
}
