import {
  ModerationReviewSchema,
  ProfileReviewsPageSchema,
  ReviewsPageSchema,
  type ModerationReview,
  type ProfileReviewsPage,
  type ReportReason,
  type ReviewSort,
  type ReviewsPage,
} from '@sciai/core';
import type { Json } from '@sciai/core';
import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

/** A review write or read the database refused; the message is the database's, for people. */
export class ReviewError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'ReviewError';
    this.code = code;
  }
}

function refused(error: { message: string; code?: string }): ReviewError {
  return new ReviewError(error.message, error.code);
}

export const itemReviewsKey = (contentId: string, sort: ReviewSort, page: number) =>
  ['item-reviews', contentId, sort, page] as const;

/** One page of an item's published reviews, its rating and the caller's own review. */
export async function fetchItemReviews(contentId: string, sort: ReviewSort, page: number): Promise<ReviewsPage> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('item_reviews_page', { _content_id: contentId, _sort: sort, _page: page });
  if (error) throw refused(error);
  return ReviewsPageSchema.parse(data);
}

const WriteResultSchema = z.object({ id: z.string(), status: z.string() });

export async function submitReview(contentId: string, review: { [field: string]: Json }): Promise<{ status: string }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('submit_item_review', { _content_id: contentId, _review: review });
  if (error) throw refused(error);
  return WriteResultSchema.parse(data);
}

export async function editReview(reviewId: string, review: { [field: string]: Json }): Promise<{ status: string }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('edit_item_review', { _review_id: reviewId, _review: review });
  if (error) throw refused(error);
  return WriteResultSchema.parse(data);
}

export async function deleteReview(reviewId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('delete_item_review', { _review_id: reviewId });
  if (error) throw refused(error);
}

export async function markReviewHelpful(reviewId: string, helpful: boolean): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('mark_review_helpful', { _review_id: reviewId, _helpful: helpful });
  if (error) throw refused(error);
  return z.number().parse(data);
}

export async function reportReview(reviewId: string, reason: ReportReason, note: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('report_review', {
    _review_id: reviewId,
    _reason: reason,
    ...(note.trim() ? { _note: note.trim() } : {}),
  });
  if (error) throw refused(error);
}

export const profileReviewsKey = (handle: string, page: number) =>
  ['profile-reviews', handle.toLowerCase(), page] as const;

export async function fetchProfileReviews(handle: string, page: number): Promise<ProfileReviewsPage> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('public_profile_reviews', { _handle: handle, _page: page });
  if (error) throw refused(error);
  return ProfileReviewsPageSchema.parse(data);
}

export const reviewQueueKey = ['review-moderation-queue'] as const;

export async function fetchReviewQueue(): Promise<ModerationReview[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('review_moderation_queue');
  if (error) throw refused(error);
  return z.array(ModerationReviewSchema).parse(data);
}

export type ReviewDecision = 'approve' | 'hide' | 'remove';

export async function moderateReview(reviewId: string, decision: ReviewDecision, reason?: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('moderate_review', {
    _review_id: reviewId,
    _decision: decision,
    ...(reason ? { _reason: reason } : {}),
  });
  if (error) throw refused(error);
}

/** The maintainer's reply to a published review of their item (one a review). */
export async function replyToReview(reviewId: string, text: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('reply_to_review', { _review_id: reviewId, _text: text });
  if (error) throw refused(error);
}

export async function editReviewReply(reviewId: string, text: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('edit_review_reply', { _review_id: reviewId, _text: text });
  if (error) throw refused(error);
}

export async function deleteReviewReply(reviewId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('delete_review_reply', { _review_id: reviewId });
  if (error) throw refused(error);
}

/** A moderator hides a reply (with the reason its author sees) or shows it again. */
export async function moderateReviewReply(
  reviewId: string,
  decision: 'hide' | 'restore',
  reason?: string,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('moderate_review_reply', {
    _review_id: reviewId,
    _decision: decision,
    ...(reason ? { _reason: reason } : {}),
  });
  if (error) throw refused(error);
}
