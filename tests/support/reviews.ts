import type { SupabaseClient } from '@supabase/supabase-js';
import { signedInAs, withDatabase, type SignedInUser, type TestRole } from './auth.ts';
import { createTestItem } from './test-items.ts';

/** A review's text that passes the rule (50 to 5,000 characters), told apart by `label`. */
export function reviewText(label: string): string {
  return `Used it for ${label}: it ran on our cluster without changes and the results matched the paper's figures.`;
}

/** The fields of a valid review of a software item. */
export function softwareReview(rating: number, label = 'a benchmark'): Record<string, unknown> {
  return { rating, text: reviewText(label), task: 'Protein structure prediction' };
}

export interface Reviewer extends SignedInUser {
  name: string;
}

/**
 * A signed-in reviewer with a name on their profile (reviews are signed). `established`: an
 * account a month old with a published review already, whose reviews are published at once;
 * otherwise a new account, whose first review waits for a moderator.
 */
export async function reviewerAs(
  label: string,
  options: { established?: boolean; role?: TestRole; institution?: string } = {},
): Promise<Reviewer> {
  const user = await signedInAs(options.role ?? 'user', label);
  const name = `Dr ${label}`;
  const { error } = await user.client
    .from('user_profiles')
    .update({ display_name: name, institution: options.institution ?? 'Test University' })
    .eq('id', user.userId);
  if (error) throw error;
  if (options.established) await establish(user.userId);
  return { ...user, name };
}

/** Makes the account a month old, with one published review of an item of its own. */
export async function establish(userId: string): Promise<void> {
  const item = await createTestItem('software', 'earlier-review');
  await withDatabase(async (db) => {
    await db.query("update auth.users set created_at = now() - interval '30 days' where id = $1", [userId]);
    await db.query(
      `insert into public.item_reviews (content_id, user_id, rating, body, used_for_task, status)
       values ($1, $2, 4, $3, 'An earlier task', 'published')`,
      [item.id, userId, reviewText('an earlier review')],
    );
  });
}

export interface ReviewJson {
  id: string;
  rating: number;
  text: string;
  task: string | null;
  engagement: string | null;
  helpful_count: number;
  marked_helpful: boolean;
  is_own: boolean;
  status?: string;
  status_reason?: string | null;
  reviewer: { name: string; handle: string | null; affiliation: string | null; verified: boolean };
  [field: string]: unknown;
}

export interface ReviewsPage {
  rating: {
    verified_count: number;
    verified_average: number | null;
    rating_score: number | null;
    other_count: number;
    other_average: number | null;
  };
  total: number;
  reviews: ReviewJson[];
  own: ReviewJson | null;
}

/** item_reviews_page as the detail page asks for it. */
export async function reviewsPage(
  client: SupabaseClient,
  contentId: string,
  sort = 'helpful',
  page = 1,
): Promise<ReviewsPage> {
  const { data, error } = await client.rpc('item_reviews_page', { _content_id: contentId, _sort: sort, _page: page });
  if (error) throw error;
  return data as ReviewsPage;
}

/** Submits a review and returns its id and status, or throws the database's error. */
export async function submitReview(
  client: SupabaseClient,
  contentId: string,
  review: Record<string, unknown>,
): Promise<{ id: string; status: string }> {
  const { data, error } = await client.rpc('submit_item_review', { _content_id: contentId, _review: review });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as { id: string; status: string };
}
