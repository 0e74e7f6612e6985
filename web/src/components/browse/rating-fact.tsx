import { Paper, Text, VisuallyHidden } from '@mantine/core';
import { formatRatingAverage, ratingBadge, type ItemRating } from '@sciai/core';
import { wholeNumber } from './whole-number.ts';
import { t } from '../../i18n/index.ts';
import classes from './item-facts.module.css';

/**
 * docs/product.md#browse-cards: the ORCID-verified reviewers' rating on a card or list row, '4.6 ★
 * (12)', read out as 'Rated 4.6 out of 5 by 12 ORCID-verified reviewers'. Nothing at all for an
 * item no verified reviewer has rated: no empty stars, no zeros.
 */
export function RatingFact({ rating }: { rating: ItemRating | null | undefined }) {
  const badge = ratingBadge(rating);
  if (!badge) return null;
  return (
    <div className={classes.fact} title={badge.label} data-rating>
      <span className={classes.factText}>
        <span className="visually-hidden">{badge.label}</span>
        <span aria-hidden>{badge.text}</span>
      </span>
    </div>
  );
}

/**
 * docs/product.md#browse-quick-view: the rating among the quick view's metrics, '4.6 ★' over
 * 'Rating' and '12 ORCID-verified reviewers'; nothing without a verified review.
 */
export function RatingMetric({ rating, className }: { rating: ItemRating | null | undefined; className?: string }) {
  const badge = ratingBadge(rating);
  if (!badge || !rating?.verified_average) return null;
  const reviewers = t(
    '{count, plural, one {{shown} ORCID-verified reviewer} other {{shown} ORCID-verified reviewers}}',
    { count: rating.verified_count, shown: wholeNumber(rating.verified_count) },
  );
  return (
    <Paper withBorder p="xs" radius="md" className={className} data-metric="Rating" title={badge.label}>
      <Text fw={700} size="lg">
        <span aria-hidden>{formatRatingAverage(rating.verified_average)} ★</span>
        <VisuallyHidden>{badge.label}</VisuallyHidden>
      </Text>
      <Text size="xs" c="dimmed" aria-hidden>
        {t('Rating')}
      </Text>
      <Text size="xs" c="dimmed" aria-hidden>
        {reviewers}
      </Text>
    </Paper>
  );
}
