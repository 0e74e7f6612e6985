import type { StoredItemRating } from './review-schemas.ts';

/** What an item's structured data carries of its reviews: the rating and a few reviews. */
export interface ItemReviewsSeo {
  rating: StoredItemRating;
  reviews: ReadonlyArray<{
    rating: number;
    text: string;
    created_at: string;
    reviewer: { name: string; orcid_id: string | null };
  }>;
}

/** How many reviews structured data, the MCP server's get_item and the like carry. */
export const TOP_REVIEWS = 3;

/** Every published review's count and mean, verified or not: what the page lists. */
export function publishedRating(rating: StoredItemRating): { count: number; average: number } | undefined {
  const count = rating.verified_count + rating.other_count;
  if (count === 0) return undefined;
  const sum = (rating.verified_average ?? 0) * rating.verified_count + (rating.other_average ?? 0) * rating.other_count;
  return { count, average: Math.round((sum / count) * 100) / 100 };
}

/** schema.org AggregateRating and Review for an item's JSON-LD, or nothing without reviews. */
export function reviewsJsonLd(seo: ItemReviewsSeo | undefined): Record<string, unknown> {
  const all = seo ? publishedRating(seo.rating) : undefined;
  if (!seo || !all) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: all.average,
      ratingCount: all.count,
      reviewCount: all.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: seo.reviews.slice(0, TOP_REVIEWS).map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      author: {
        '@type': 'Person',
        name: review.reviewer.name,
        ...(review.reviewer.orcid_id ? { sameAs: `https://orcid.org/${review.reviewer.orcid_id}` } : {}),
      },
      datePublished: review.created_at.slice(0, 10),
      reviewBody: review.text,
    })),
  };
}

/** "4.3", a rating as the pages write it: one decimal. */
export function formatRating(average: number): string {
  return average.toFixed(1);
}
