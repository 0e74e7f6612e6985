import {
  EVERYONE,
  NOBODY,
  admin,
  insertAsOwner,
  owner,
  publishedItem,
  type MatrixContext,
  type TableCase,
} from './matrix.ts';

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

const REVIEW_TEXT = 'A review written for the row-level security matrix, long enough to pass the rule.';

/** A published review of a fresh published item, by `author` (the owner unless given). */
async function reviewRow(context: MatrixContext, author = owner(context)): Promise<Record<string, unknown>> {
  return {
    content_id: await publishedItem(context),
    user_id: author,
    rating: 4,
    body: REVIEW_TEXT,
    used_for_task: 'Checking policies',
    status: 'published',
  };
}

/** A review by the admin, which the owner marks or reports. */
async function adminsReview(context: MatrixContext): Promise<string> {
  return insertAsOwner(context, 'item_reviews', await reviewRow(context, admin(context)));
}

const AUTHOR_AND_STAFF = ['owner', 'moderator', 'admin'] as const;
const WRITTEN_BY_FUNCTIONS = { insert: NOBODY, update: NOBODY, delete: NOBODY };

/**
 * Reviews and ratings (docs/product.md#reviews): an item's rating is readable by everyone where
 * the item is published, written only by the database itself. Reviews, their revisions, helpful
 * marks and reports are written only through the review functions; the tables are read by whom
 * they concern and by staff (visitors read published reviews through item_reviews_page).
 */
export const REVIEW_CASES: readonly TableCase[] = [
  {
    table: 'item_ratings',
    key: 'content_id',
    target: async (context) => insertAsOwner(context, 'item_ratings', await ratingRow(context), 'content_id'),
    insertRow: ratingRow,
    change: () => ['verified_count', 3],
    allowed: { select: EVERYONE, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    table: 'item_reviews',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'item_reviews', await reviewRow(context)),
    insertRow: (context) => reviewRow(context),
    change: () => ['rating', 1],
    allowed: { select: AUTHOR_AND_STAFF, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    table: 'item_review_revisions',
    key: 'id',
    target: async (context) => {
      const reviewId = await insertAsOwner(context, 'item_reviews', await reviewRow(context));
      return insertAsOwner(context, 'item_review_revisions', revisionRow(reviewId));
    },
    insertRow: async (context) => revisionRow(await insertAsOwner(context, 'item_reviews', await reviewRow(context))),
    change: () => ['rating', 1],
    allowed: { select: AUTHOR_AND_STAFF, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    table: 'item_review_helpful_marks',
    key: 'review_id',
    target: async (context) =>
      insertAsOwner(
        context,
        'item_review_helpful_marks',
        { review_id: await adminsReview(context), user_id: owner(context) },
        'review_id',
      ),
    insertRow: async (context) => ({ review_id: await adminsReview(context), user_id: owner(context) }),
    change: () => ['created_at', '2020-01-01T00:00:00+00:00'],
    allowed: { select: AUTHOR_AND_STAFF, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    table: 'item_review_reports',
    key: 'id',
    target: async (context) =>
      insertAsOwner(context, 'item_review_reports', {
        review_id: await adminsReview(context),
        reporter_id: owner(context),
        reason: 'spam',
      }),
    insertRow: async (context) => ({
      review_id: await adminsReview(context),
      reporter_id: owner(context),
      reason: 'spam',
    }),
    change: () => ['reason', 'abusive'],
    allowed: { select: AUTHOR_AND_STAFF, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    // The maintainer's replies: read by their author and staff, everyone else sees them with the review.
    table: 'item_review_replies',
    key: 'review_id',
    target: async (context) => insertAsOwner(context, 'item_review_replies', await replyRow(context), 'review_id'),
    insertRow: replyRow,
    change: () => ['body', 'Changed without the reply functions'],
    allowed: { select: AUTHOR_AND_STAFF, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    // The hourly limits' tally: only the review functions write and read it.
    table: 'review_rate_events',
    key: 'id',
    target: (context) => insertAsOwner(context, 'review_rate_events', rateEventRow(context)),
    insertRow: async (context) => rateEventRow(context),
    change: () => ['action', 'edit'],
    allowed: { select: NOBODY, ...WRITTEN_BY_FUNCTIONS },
  },
];

function revisionRow(reviewId: string): Record<string, unknown> {
  return {
    review_id: reviewId,
    rating: 3,
    body: REVIEW_TEXT,
    fields: { task: 'Checking policies' },
    written_at: '2026-01-01T00:00:00+00:00',
  };
}

function rateEventRow(context: MatrixContext): Record<string, unknown> {
  return { user_id: owner(context), action: 'submit' };
}

/** The owner's reply to the admin's published review. */
async function replyRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return { review_id: await adminsReview(context), author_id: owner(context), body: 'Thank you for the review.' };
}
