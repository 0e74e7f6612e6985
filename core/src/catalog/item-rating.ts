import type { ItemRating } from './item-rating-schema.ts';
import { formatNumber } from '../i18n/format-locale.ts';
import { t } from '../i18n/translate.ts';

/** The verified reviewers' mean as a card shows it: one decimal, '4.6'. */
export function formatRatingAverage(average: number): string {
  // the mean has two decimals; rounded from hundredths, so that 3.95 reads '4.0' (as in SQL's round)
  return (Math.round(Math.round(average * 100) / 10) / 10).toFixed(1);
}

/**
 * What a card shows of a rating, and what a screen reader says of it: '4.6 ★ (12)', 'Rated 4.6
 * out of 5 by 12 ORCID-verified reviewers'. Undefined when no ORCID-verified reviewer has
 * reviewed the item: the card then shows nothing (other reviews are the detail page's).
 */
export function ratingBadge(rating: ItemRating | null | undefined): { text: string; label: string } | undefined {
  if (!rating || rating.verified_count === 0 || rating.verified_average === null) return undefined;
  const average = formatRatingAverage(rating.verified_average);
  const count = rating.verified_count;
  return {
    text: `${average} ★ (${formatNumber(count)})`,
    label: t(
      'Rated {average} out of 5 by {count, plural, one {# ORCID-verified reviewer} other {# ORCID-verified reviewers}}',
      { average, count },
    ),
  };
}

/**
 * docs/product.md#browse-features: 'Rated 4★ and up' holds when the verified reviewers' mean, as
 * the card shows it (one decimal), is 4.0 or more; the database's rule (refresh_content_search).
 */
export function isRatedFourAndUp(rating: ItemRating | null | undefined): boolean {
  return (
    rating != null &&
    rating.verified_count > 0 &&
    rating.verified_average !== null &&
    Math.round(rating.verified_average * 100) >= 395
  );
}

/** What 'Highest Rated' sorts by: the score of the verified reviews; null (last) without one. */
export function ratingScore(rating: ItemRating | null | undefined): number | null {
  return rating != null && rating.verified_count > 0 ? rating.score : null;
}
