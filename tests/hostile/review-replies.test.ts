import { beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { makeMaintainer, replyCall } from '../support/review-replies.ts';
import { reviewerAs, reviewsPage, softwareReview, submitReview, type Reviewer } from '../support/reviews.ts';
import { createTestItem } from '../support/test-items.ts';
import { expectHealthy, send } from './hostile-requests.ts';

const backend = inject('backend');

/** Sends a raw body to reply_to_review as this user. */
function rawReply(user: Reviewer, body: string) {
  return send(backend, '/rest/v1/rpc/reply_to_review', {
    body,
    headers: { authorization: `Bearer ${user.session.access_token}` },
  });
}

/**
 * Maintainers' replies against those who would abuse or break them (docs/product.md#reviews):
 * floods, oversized and odd text, markup, replies to reviews nobody may read, the wrong role
 * hiding them. No answer is a 5xx, nothing hangs, nothing hidden leaks.
 */
describe('hostile replies to reviews', () => {
  let reviewer: Reviewer;
  let maintainer: Reviewer;
  let moderator: Reviewer;

  beforeAll(async () => {
    [reviewer, maintainer, moderator] = await Promise.all([
      reviewerAs('hostile-reply-reviewer', { established: true }),
      reviewerAs('hostile-reply-maintainer'),
      reviewerAs('hostile-reply-moderator', { role: 'moderator' }),
    ]);
  });

  /** A fresh item the maintainer keeps, with one published review of it. */
  async function reviewedItem(label: string): Promise<{ itemId: string; reviewId: string }> {
    const item = await createTestItem('software', label);
    await makeMaintainer(item.id, maintainer.userId);
    const review = await submitReview(reviewer.client, item.id, softwareReview(3));
    return { itemId: item.id, reviewId: review.id };
  }

  it('stops a flood of replies and reply edits at 20 an hour with 429, storing nothing', async () => {
    const { itemId, reviewId } = await reviewedItem('reply-flood');
    await withDatabase((db) =>
      db.query(
        "insert into public.review_rate_events (user_id, action) select $1, 'reply' from generate_series(1, 20)",
        [maintainer.userId],
      ),
    );
    const flood = await maintainer.client.rpc('reply_to_review', { _review_id: reviewId, _text: 'One more' });
    expect(flood.status).toBe(429);
    expect(flood.error?.message).toBe(
      'You have reached the limit of 20 replies and reply edits an hour. Please try again later.',
    );
    expect((await reviewsPage(anonClient(), itemId)).reviews[0]!.reply).toBeNull();
    await withDatabase((db) =>
      db.query('delete from public.review_rate_events where user_id = $1', [maintainer.userId]),
    );
  });

  it('refuses oversized, empty and disguised text without a 5xx, and keeps markup inert', async () => {
    const { itemId, reviewId } = await reviewedItem('reply-odd');
    const refusals: Array<[string, RegExp]> = [
      ['x'.repeat(2_001), /at most 2,000 characters/],
      ['   \n\t ', /text is required/],
      ['\u200B\u00AD'.repeat(30), /text is required/],
      ['Fixed, see invoice\u202Efdp.exe', /text-direction/],
    ];
    for (const [text, message] of refusals) {
      const answer = await rawReply(maintainer, JSON.stringify({ _review_id: reviewId, _text: text }));
      expect({ text: text.slice(0, 20), status: answer.status }).toEqual({ text: text.slice(0, 20), status: 400 });
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    const huge = await rawReply(maintainer, JSON.stringify({ _review_id: reviewId, _text: 'x'.repeat(300_000) }));
    expect(huge.status).toBe(413);
    for (const escape of ['\\u0000', '\\ud800']) {
      const answer = await rawReply(maintainer, `{"_review_id":"${reviewId}","_text":"${escape}Thanks"}`);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const nested = await rawReply(
      maintainer,
      `{"_review_id":"${reviewId}","_text":${'['.repeat(40)}${']'.repeat(40)}}`,
    );
    expect(nested.status).toBe(400);
    expect((await reviewsPage(anonClient(), itemId)).reviews[0]!.reply).toBeNull();

    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> [link](javascript:alert(3))';
    expect((await replyCall(maintainer.client, 'reply_to_review', reviewId, markup)).code).toBeUndefined();
    expect((await reviewsPage(anonClient(), itemId)).reviews[0]!.reply).toMatchObject({ text: markup });
    await expectHealthy(backend);
  });

  it('answers "not found" for pending and hidden reviews, unknown ids and unpublished items', async () => {
    const item = await createTestItem('software', 'reply-unreadable');
    await makeMaintainer(item.id, maintainer.userId);
    const newcomer = await reviewerAs('hostile-reply-newcomer');
    const pending = await submitReview(newcomer.client, item.id, softwareReview(2));
    const hidden = await submitReview(reviewer.client, item.id, softwareReview(1));
    const hide = await moderator.client.rpc('moderate_review', {
      _review_id: hidden.id,
      _decision: 'hide',
      _reason: 'Abusive',
    });
    expect(hide.error).toBeNull();
    const notFound = { code: 'PT404', message: 'Review not found' };
    expect(await replyCall(maintainer.client, 'reply_to_review', pending.id, 'Thanks')).toEqual(notFound);
    expect(await replyCall(maintainer.client, 'reply_to_review', hidden.id, 'Thanks')).toEqual(notFound);
    expect(await replyCall(maintainer.client, 'reply_to_review', crypto.randomUUID(), 'Thanks')).toEqual(notFound);
    const badId = await rawReply(maintainer, JSON.stringify({ _review_id: 'not-a-uuid', _text: 'Thanks' }));
    expect(badId.status).toBeGreaterThanOrEqual(400);
    expect(badId.status).toBeLessThan(500);

    const { reviewId, itemId } = await reviewedItem('reply-retracted');
    await withDatabase((db) => db.query("update public.content_items set status = 'draft' where id = $1", [itemId]));
    expect(await replyCall(maintainer.client, 'reply_to_review', reviewId, 'Thanks')).toEqual(notFound);
    await expectHealthy(backend);
  });

  it('lets only moderators hide a reply, never their own, and only its author edit it, through the functions', async () => {
    const { itemId, reviewId } = await reviewedItem('reply-wrong-role');
    await replyCall(maintainer.client, 'reply_to_review', reviewId, 'Thanks for trying it.');
    const hide = { _review_id: reviewId, _decision: 'hide', _reason: 'I disagree' };
    for (const client of [reviewer.client, maintainer.client]) {
      const answer = await client.rpc('moderate_review_reply', hide);
      expect(answer.error?.code).toBe('42501');
    }
    const asVisitor = await anonClient().rpc('moderate_review_reply', hide);
    expect(asVisitor.error).not.toBeNull();
    expect(asVisitor.status).toBeLessThan(500);
    const odd = await moderator.client.rpc('moderate_review_reply', { ...hide, _decision: 'delete' });
    expect(odd.error).toMatchObject({ code: '22023', message: 'decision must be hide or restore' });
    const direct = await maintainer.client
      .from('item_review_replies')
      .update({ status: 'published', body: 'Rewritten behind the functions' })
      .eq('review_id', reviewId)
      .select();
    expect(direct.data ?? []).toEqual([]);
    const inserted = await reviewer.client
      .from('item_review_replies')
      .insert({ review_id: reviewId, author_id: reviewer.userId, body: 'Forged' });
    expect(inserted.error).not.toBeNull();
    // someone else's reply is not there to edit or delete; a visitor is told to sign in
    expect((await replyCall(reviewer.client, 'edit_review_reply', reviewId, 'Hijacked')).code).toBe('PT404');
    const othersDelete = await reviewer.client.rpc('delete_review_reply', { _review_id: reviewId });
    expect(othersDelete.error?.code).toBe('PT404');
    for (const fn of ['edit_review_reply', 'delete_review_reply', 'reply_to_review']) {
      const answer = await anonClient().rpc(fn, { _review_id: reviewId, _text: 'x' });
      expect({ fn, refused: answer.error !== null, status: answer.status < 500 }).toEqual({
        fn,
        refused: true,
        status: true,
      });
    }
    const longEdit = await replyCall(maintainer.client, 'edit_review_reply', reviewId, 'y'.repeat(2_001));
    expect(longEdit).toEqual({ code: '22023', message: 'text must be at most 2,000 characters' });
    expect((await reviewsPage(anonClient(), itemId)).reviews[0]!.reply).toMatchObject({
      text: 'Thanks for trying it.',
      edited_at: null,
    });

    const ownItem = await createTestItem('software', 'reply-own-moderator');
    await makeMaintainer(ownItem.id, moderator.userId);
    // another reviewer: this one's hourly limit of new reviews is spent by the cases above
    const second = await reviewerAs('hostile-reply-second', { established: true });
    const review = await submitReview(second.client, ownItem.id, softwareReview(4));
    await replyCall(moderator.client, 'reply_to_review', review.id, 'My own reply');
    const self = await moderator.client.rpc('moderate_review_reply', { ...hide, _review_id: review.id });
    expect(self.error).toMatchObject({ code: '42501', message: 'Another moderator decides on your own reply' });
  });
});
