import { z } from 'zod';
import { CONTENT_TYPES } from '../content.ts';
import { DATA_SIZES, ENGAGEMENTS, REVIEW_REPLY_STATUSES, REVIEW_STATUSES } from './review-rules.ts';

/** An item's rating as item_ratings stores it (zeros and nulls without a published review); cards and the API show it as ItemRating. */
export const StoredItemRatingSchema = z.object({
  verified_count: z.number(),
  verified_average: z.number().nullable(),
  rating_score: z.number().nullable(),
  other_count: z.number(),
  other_average: z.number().nullable(),
});
export type StoredItemRating = z.infer<typeof StoredItemRatingSchema>;

const stars = z.number().int().min(1).max(5);

/** The item's maintainer's reply to a review (review_reply_json): never its author's account id. */
export const ReviewReplySchema = z.object({
  text: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  is_own: z.boolean(),
  author: z.object({
    name: z.string(),
    handle: z.string().nullable(),
    /** Whether its author maintains the item still (a reply outlives its author's claim). */
    maintainer: z.boolean(),
  }),
  /** For its author and moderators only. */
  status: z.enum(REVIEW_REPLY_STATUSES).optional(),
  status_reason: z.string().nullable().optional(),
});
export type ReviewReply = z.infer<typeof ReviewReplySchema>;

/** A review as review_json() gives it: never the reviewer's account id. */
export const ReviewSchema = z.object({
  id: z.string(),
  rating: stars,
  text: z.string(),
  task: z.string().nullable(),
  field: z.object({ slug: z.string(), name: z.string() }).nullable(),
  data_size: z.enum(DATA_SIZES).nullable(),
  version: z.string().nullable(),
  used_on: z.string().nullable(),
  engagement: z.enum(ENGAGEMENTS).nullable(),
  aspects: z.object({
    accuracy: stars.optional(),
    setup: stars.optional(),
    documentation: stars.optional(),
    support: stars.optional(),
  }),
  helpful_count: z.number(),
  marked_helpful: z.boolean(),
  is_own: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  reply: ReviewReplySchema.nullable(),
  reviewer: z.object({
    name: z.string(),
    handle: z.string().nullable(),
    affiliation: z.string().nullable(),
    verified: z.boolean(),
    orcid_id: z.string().nullable(),
  }),
  status: z.enum(REVIEW_STATUSES).optional(),
  status_reason: z.string().nullable().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** One page of an item's reviews (item_reviews_page). */
export const ReviewsPageSchema = z.object({
  rating: StoredItemRatingSchema,
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  reviews: z.array(ReviewSchema),
  own: ReviewSchema.nullable(),
  /** Whether the reader maintains the item, and so may reply to its reviews. */
  can_reply: z.boolean(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

const ReviewedItemSchema = z.object({ slug: z.string(), title: z.string(), content_type: z.enum(CONTENT_TYPES) });

/** One page of a public profile's reviews (public_profile_reviews), each with its item. */
export const ProfileReviewsPageSchema = z.object({
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  reviews: z.array(ReviewSchema.extend({ item: ReviewedItemSchema })),
});
export type ProfileReviewsPage = z.infer<typeof ProfileReviewsPageSchema>;

/** A review in the moderators' queue (review_moderation_queue). */
export const ModerationReviewSchema = ReviewSchema.extend({
  item: ReviewedItemSchema.extend({ id: z.string() }),
  author_since: z.string().nullable(),
  reports: z.array(z.object({ reason: z.string(), note: z.string().nullable(), created_at: z.string() })),
});
export type ModerationReview = z.infer<typeof ModerationReviewSchema>;
