import { msg } from '../i18n/translate.ts';

/**
 * Reviews (docs/product.md#reviews): the choices a review offers and the rules its fields follow,
 * the same as the database's (review_fields, review_text_length in supabase/schemas/19_reviews.sql).
 * The choices' labels are messages, shown with `t(label)`.
 */

export const REVIEW_TEXT_MIN = 50;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_TASK_MAX = 200;
export const REVIEW_VERSION_MAX = 100;
export const REVIEW_REPORT_NOTE_MAX = 1000;
export const REVIEW_MODERATION_REASON_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 10;
/** A maintainer's reply to a review: plain text, like the review's (review_reply_text). */
export const REVIEW_REPLY_MAX = 2000;

export const DATA_SIZES = ['under_1_gb', '1_to_100_gb', '100_gb_to_10_tb', 'over_10_tb'] as const;
export type DataSize = (typeof DATA_SIZES)[number];
export const DATA_SIZE_LABELS: Record<DataSize, string> = {
  under_1_gb: msg('Under 1 GB'),
  '1_to_100_gb': msg('1 to 100 GB'),
  '100_gb_to_10_tb': msg('100 GB to 10 TB'),
  over_10_tb: msg('Over 10 TB'),
};

/** What a reader did with a paper, asked of papers instead of what it was used for. */
export const ENGAGEMENTS = ['reproduced', 'used_method', 'read'] as const;
export type Engagement = (typeof ENGAGEMENTS)[number];
export const ENGAGEMENT_LABELS: Record<Engagement, string> = {
  reproduced: msg('Reproduced the results'),
  used_method: msg('Used the method'),
  read: msg('Read it'),
};

export const REVIEW_ASPECTS = ['accuracy', 'setup', 'documentation', 'support'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];
export const REVIEW_ASPECT_LABELS: Record<ReviewAspect, string> = {
  accuracy: msg('Accuracy and results'),
  setup: msg('Ease of setup'),
  documentation: msg('Documentation'),
  support: msg('Support'),
};

export const REVIEW_SORTS = ['helpful', 'newest', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  helpful: msg('Most helpful'),
  newest: msg('Newest'),
  rating: msg('Highest rated'),
};

export const REPORT_REASONS = ['spam', 'off_topic', 'conflict_of_interest', 'abusive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: msg('Spam or advertising'),
  off_topic: msg('Off-topic'),
  conflict_of_interest: msg('Conflict of interest'),
  abusive: msg('Abusive or harassing'),
  other: msg('Something else'),
};

export const REVIEW_STATUSES = ['pending', 'published', 'hidden', 'removed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A reply is shown at once; a moderator may hide it. */
export const REVIEW_REPLY_STATUSES = ['published', 'hidden'] as const;

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/**
 * A review's length as readers see it: without spaces at either end or invisible characters, a
 * run of spaces and line breaks as one (the minimum counts this; the maximum, the stored text).
 */
export function reviewTextLength(text: string): number {
  return [...text.replace(INVISIBLE, '').trim().replace(/\s+/g, ' ')].length;
}

/** The characters of the text as stored (trimmed), against the maximum. */
export function storedTextLength(text: string): number {
  return [...text.replace(/\r\n/g, '\n').trim()].length;
}

/** Controls and text-direction overrides, which no review needs and which could disguise text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const HIDDEN_CHARACTERS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
