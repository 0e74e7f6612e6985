import { z } from 'zod';

/**
 * An item's rating as cards, pages and the API show it (docs/product.md#browse-cards): the count
 * and mean of its published reviews by ORCID-verified reviewers, their Bayesian average (`score`,
 * what 'Highest Rated' sorts by), and the other published reviews' count and mean apart. Null
 * (never zeros) when the item has no published review: rating_json() in the database. Apart from
 * item-rating.ts's helpers, which cards use before zod has loaded.
 */
export const ItemRatingSchema = z.object({
  verified_count: z.number().int().nonnegative(),
  /** 1 to 5, two decimals; null when no verified reviewer has reviewed the item. */
  verified_average: z.number().min(1).max(5).nullable(),
  score: z.number().min(1).max(5).nullable(),
  other_count: z.number().int().nonnegative(),
  other_average: z.number().min(1).max(5).nullable(),
});
export type ItemRating = z.infer<typeof ItemRatingSchema>;
