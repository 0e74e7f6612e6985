import { EVERYONE, NOBODY, insertAsOwner, publishedItem, type MatrixContext, type TableCase } from './matrix.ts';

/** A rating row behind a fresh published item, as the reviews' triggers write one. */
async function ratingRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return {
    content_id: await publishedItem(context),
    verified_count: 2,
    verified_average: 4.5,
    rating_score: 4.1,
    other_count: 1,
    other_average: 3,
  };
}

/**
 * Reviews and ratings (docs/product.md#reviews): an item's rating is readable by everyone where
 * the item is published, written only by the database itself.
 */
export const REVIEW_CASES: readonly TableCase[] = [
  {
    table: 'item_ratings',
    key: 'content_id',
    target: async (context) => insertAsOwner(context, 'item_ratings', await ratingRow(context), 'content_id'),
    insertRow: ratingRow,
    change: () => ['verified_count', 3],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
];
