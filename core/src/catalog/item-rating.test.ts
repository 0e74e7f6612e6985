import { describe, expect, it } from 'vitest';
import type { ItemRating } from './item-rating-schema.ts';
import { formatRatingAverage, isRatedFourAndUp, ratingBadge, ratingScore } from './item-rating.ts';

const rating = (values: Partial<ItemRating>): ItemRating => ({
  verified_count: 12,
  verified_average: 4.62,
  score: 4.4,
  other_count: 0,
  other_average: null,
  ...values,
});

describe('an item rating on cards', () => {
  it('shows the verified mean to one decimal with the number of verified reviewers', () => {
    expect(ratingBadge(rating({}))).toEqual({
      text: '4.6 ★ (12)',
      label: 'Rated 4.6 out of 5 by 12 ORCID-verified reviewers',
    });
    expect(ratingBadge(rating({ verified_count: 1, verified_average: 5 }))).toEqual({
      text: '5.0 ★ (1)',
      label: 'Rated 5.0 out of 5 by 1 ORCID-verified reviewer',
    });
    expect(ratingBadge(rating({ verified_count: 1234 }))?.text).toBe('4.6 ★ (1,234)');
  });

  it('shows nothing without a verified review, whatever the other reviews', () => {
    expect(ratingBadge(null)).toBeUndefined();
    expect(ratingBadge(undefined)).toBeUndefined();
    expect(
      ratingBadge(rating({ verified_count: 0, verified_average: null, score: null, other_count: 3, other_average: 5 })),
    ).toBeUndefined();
  });

  it('rounds hundredths half up, as the database does', () => {
    expect(formatRatingAverage(3.95)).toBe('4.0');
    expect(formatRatingAverage(3.94)).toBe('3.9');
    expect(formatRatingAverage(4.05)).toBe('4.1');
    expect(formatRatingAverage(1)).toBe('1.0');
  });
});

describe('Rated 4★ and up and the rating sort', () => {
  it('holds from a mean that reads 4.0 on the card', () => {
    expect(isRatedFourAndUp(rating({ verified_average: 4 }))).toBe(true);
    expect(isRatedFourAndUp(rating({ verified_average: 3.95 }))).toBe(true);
    expect(isRatedFourAndUp(rating({ verified_average: 3.94 }))).toBe(false);
    expect(
      isRatedFourAndUp(rating({ verified_count: 0, verified_average: null, other_count: 4, other_average: 5 })),
    ).toBe(false);
    expect(isRatedFourAndUp(null)).toBe(false);
  });

  it('sorts by the verified score, items without one last', () => {
    expect(ratingScore(rating({ score: 3.2 }))).toBe(3.2);
    expect(ratingScore(rating({ verified_count: 0, verified_average: null, score: null, other_count: 2 }))).toBeNull();
    expect(ratingScore(undefined)).toBeNull();
  });
});
