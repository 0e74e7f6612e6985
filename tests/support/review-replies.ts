import type { SupabaseClient } from '@supabase/supabase-js';
import { withDatabase } from './auth.ts';

/** Makes the user the item's maintainer, as an approved claim does (the claims' proofs have their own tests). */
export async function makeMaintainer(contentId: string, userId: string): Promise<void> {
  await withDatabase((db) =>
    db.query(
      `insert into public.item_claims (content_id, claimant_id, method, status, decided_at)
       values ($1, $2, 'github', 'approved', now())`,
      [contentId, userId],
    ),
  );
}

/** Ends the user's claim of the item, as an admin's revocation does. */
export async function revokeMaintainer(contentId: string, userId: string): Promise<void> {
  await withDatabase((db) =>
    db.query(
      "update public.item_claims set status = 'revoked' where content_id = $1 and claimant_id = $2 and status = 'approved'",
      [contentId, userId],
    ),
  );
}

/** The outbox rows telling a maintainer of a review, read as the table owner (users cannot). */
export async function reviewMailRows(reviewId: string): Promise<Array<{ recipient_id: string; payload: object }>> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ recipient_id: string; payload: object }>(
      `select recipient_id, payload from public.notification_outbox
       where kind = 'maintained_item_reviewed' and payload ->> 'review_id' = $1 order by id`,
      [reviewId],
    );
    return rows;
  });
}

/** A reply call's outcome: the database's code and message, or none. */
export async function replyCall(
  client: SupabaseClient,
  fn: 'reply_to_review' | 'edit_review_reply',
  reviewId: string,
  text: unknown,
): Promise<{ code: string | undefined; message: string | undefined }> {
  const { error } = await client.rpc(fn, { _review_id: reviewId, _text: text });
  return { code: error?.code, message: error?.message };
}
