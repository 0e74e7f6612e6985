import { z } from 'zod';
import { StoredItemRatingSchema } from '../reviews/review-schemas.ts';

/** A review as the tools give it: public fields, the reviewer's profile as a link. */
export const ReviewOutput = z.object({
  rating: z.number(),
  text: z.string(),
  used_for: z.string().nullable(),
  version: z.string().nullable(),
  aspects: z.record(z.string(), z.number()),
  helpful_count: z.number(),
  date: z.string(),
  edited: z.boolean(),
  reviewer: z.object({
    name: z.string(),
    affiliation: z.string().nullable(),
    orcid_verified: z.boolean(),
    orcid_id: z.string().nullable(),
    profile_url: z.string().nullable(),
  }),
  reply: z
    .object({
      text: z.string(),
      date: z.string(),
      edited: z.boolean(),
      author: z.object({
        name: z.string(),
        profile_url: z.string().nullable(),
        current_maintainer: z.boolean(),
      }),
    })
    .nullable()
    .describe("The item's maintainer's reply to the review, if there is one"),
});
export type ReviewOutput = z.infer<typeof ReviewOutput>;

export const ItemReviewsOutput = z
  .object({ rating: StoredItemRatingSchema, total: z.number(), top: z.array(ReviewOutput) })
  .describe(
    'Published reviews: the average and count of reviewers with a verified ORCID iD, the others apart, and the most helpful reviews',
  );
