import { ratingBadge, type ItemRating } from '@sciai/core';
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
