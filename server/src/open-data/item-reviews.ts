import type pg from 'pg';
import type { ItemReviewsSeo } from '@sciai/core';

interface ReviewsRow {
  content_id: string;
  rating: ItemReviewsSeo['rating'];
  reviews: ItemReviewsSeo['reviews'];
}

/**
 * The items with their published reviews and rating (docs/product.md#reviews) as `reviews`, for
 * what the server writes itself: the pages' structured data (a few reviews) and the open-data
 * dumps (all of them). Public fields only; an item without published reviews is left as it was.
 */
export async function withReviews<T extends { id: string }>(
  pool: pg.Pool,
  items: readonly T[],
  perItem?: number,
): Promise<Array<T & { reviews?: ItemReviewsSeo }>> {
  if (!items.length) return [];
  const { rows } = await pool.query<ReviewsRow>(
    'select content_id::text, rating, reviews from public.public_item_reviews($1::uuid[], $2)',
    [items.map((item) => item.id), perItem ?? null],
  );
  const byItem = new Map(rows.map((row) => [row.content_id, { rating: row.rating, reviews: row.reviews }]));
  return items.map((item) => {
    const reviews = byItem.get(item.id);
    return reviews ? { ...item, reviews } : item;
  });
}
