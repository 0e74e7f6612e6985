import { beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { waitForMail } from '../support/mailbox.ts';
import { makeMaintainer, replyCall, reviewMailRows, revokeMaintainer } from '../support/review-replies.ts';
import { reviewerAs, reviewsPage, softwareReview, submitReview, type Reviewer } from '../support/reviews.ts';
import { createTestItem } from '../support/test-items.ts';

const REPLY = 'Thank you: version 2.1 fixes the memory use you describe, see https://example.org/notes.';

/**
 * Maintainers and reviews (docs/product.md#reviews): the item's maintainer replies once to a
 * published review, edits and deletes the reply, a moderator may hide it; and the maintainer is
 * e-mailed once when a review of their item is first published.
 */
describe('replies from the maintainer', () => {
  let moderator: Reviewer;
  let reviewer: Reviewer;
  let maintainer: Reviewer;
  let stranger: Reviewer;

  beforeAll(async () => {
    [moderator, reviewer, maintainer, stranger] = await Promise.all([
      reviewerAs('reply-moderator', { role: 'moderator' }),
      reviewerAs('reply-reviewer', { established: true }),
      reviewerAs('reply-maintainer'),
      reviewerAs('reply-stranger', { established: true }),
    ]);
  });

  it('lets the maintainer reply once, edit and delete it; everyone reads it with the review', async () => {
    const item = await createTestItem('software', 'reply-once');
    await makeMaintainer(item.id, maintainer.userId);
    const review = await submitReview(reviewer.client, item.id, softwareReview(3));

    expect(await replyCall(maintainer.client, 'reply_to_review', review.id, `  ${REPLY}\n`)).toEqual({
      code: undefined,
      message: undefined,
    });
    expect(await replyCall(maintainer.client, 'reply_to_review', review.id, 'A second reply')).toEqual({
      code: '23505',
      message: 'This review already has a reply: edit it instead',
    });

    const seen = await reviewsPage(anonClient(), item.id);
    expect(seen.reviews[0]!.reply).toEqual({
      text: REPLY,
      created_at: expect.any(String),
      edited_at: null,
      is_own: false,
      author: { name: 'Dr reply-maintainer', handle: null, maintainer: true },
    });
    expect(JSON.stringify(seen)).not.toContain(maintainer.userId);
    const own = await reviewsPage(maintainer.client, item.id);
    expect(own.reviews[0]!.reply).toMatchObject({ is_own: true, status: 'published', status_reason: null });

    expect((await replyCall(maintainer.client, 'edit_review_reply', review.id, 'Fixed in 2.1.')).code).toBeUndefined();
    const edited = await reviewsPage(anonClient(), item.id);
    expect(edited.reviews[0]!.reply).toMatchObject({ text: 'Fixed in 2.1.', edited_at: expect.any(String) });

    const deleted = await maintainer.client.rpc('delete_review_reply', { _review_id: review.id });
    expect(deleted.error).toBeNull();
    expect((await reviewsPage(anonClient(), item.id)).reviews[0]!.reply).toBeNull();
    expect((await replyCall(maintainer.client, 'reply_to_review', review.id, REPLY)).code).toBeUndefined();
  });

  it('refuses anyone but the maintainer of that item, and reviews not published', async () => {
    const [item, other] = await Promise.all([
      createTestItem('software', 'reply-refused'),
      createTestItem('software', 'reply-elsewhere'),
    ]);
    await makeMaintainer(other.id, maintainer.userId);
    const review = await submitReview(reviewer.client, item.id, softwareReview(4));
    const refusal = { code: '42501', message: "Only the item's maintainer can reply to its reviews" };
    expect(await replyCall(stranger.client, 'reply_to_review', review.id, REPLY)).toEqual(refusal);
    expect(await replyCall(maintainer.client, 'reply_to_review', review.id, REPLY)).toEqual(refusal);
    expect((await replyCall(anonClient(), 'reply_to_review', review.id, REPLY)).code).toBe('42501');
    // nobody else's reply to edit or delete
    expect((await replyCall(stranger.client, 'edit_review_reply', review.id, REPLY)).code).toBe('PT404');

    await makeMaintainer(item.id, maintainer.userId);
    const newcomer = await reviewerAs('reply-newcomer');
    const pending = await submitReview(newcomer.client, item.id, softwareReview(2));
    expect(pending.status).toBe('pending');
    expect(await replyCall(maintainer.client, 'reply_to_review', pending.id, REPLY)).toEqual({
      code: 'PT404',
      message: 'Review not found',
    });
  });

  it('lets a moderator hide a reply with a reason its author alone sees, and show it again', async () => {
    const item = await createTestItem('software', 'reply-hidden');
    await makeMaintainer(item.id, maintainer.userId);
    const review = await submitReview(reviewer.client, item.id, softwareReview(2));
    await replyCall(maintainer.client, 'reply_to_review', review.id, REPLY);

    const noReason = await moderator.client.rpc('moderate_review_reply', { _review_id: review.id, _decision: 'hide' });
    expect(noReason.error).toMatchObject({ code: '22023', message: 'A reason is required: the author will see it' });
    const hidden = await moderator.client.rpc('moderate_review_reply', {
      _review_id: review.id,
      _decision: 'hide',
      _reason: 'Personal details of the reviewer',
    });
    expect(hidden.error).toBeNull();

    expect((await reviewsPage(anonClient(), item.id)).reviews[0]!.reply).toBeNull();
    expect((await reviewsPage(stranger.client, item.id)).reviews[0]!.reply).toBeNull();
    expect((await reviewsPage(reviewer.client, item.id)).own!.reply).toBeNull();
    expect((await reviewsPage(maintainer.client, item.id)).reviews[0]!.reply).toMatchObject({
      status: 'hidden',
      status_reason: 'Personal details of the reviewer',
    });
    expect((await reviewsPage(moderator.client, item.id)).reviews[0]!.reply).toMatchObject({ status: 'hidden' });
    expect(await replyCall(maintainer.client, 'edit_review_reply', review.id, 'Rewritten')).toEqual({
      code: '55000',
      message: 'A hidden reply cannot be edited',
    });
    const deleted = await maintainer.client.rpc('delete_review_reply', { _review_id: review.id });
    expect(deleted.error?.code).toBe('55000');

    const restored = await moderator.client.rpc('moderate_review_reply', {
      _review_id: review.id,
      _decision: 'restore',
    });
    expect(restored.error).toBeNull();
    expect((await reviewsPage(anonClient(), item.id)).reviews[0]!.reply).toMatchObject({ text: REPLY });
  });

  it('keeps a reply credited to its author when their claim ends; only the new maintainer writes', async () => {
    const item = await createTestItem('software', 'reply-former');
    const [first, second] = await Promise.all([
      submitReview(reviewer.client, item.id, softwareReview(5)),
      submitReview(stranger.client, item.id, softwareReview(4)),
    ]);
    await makeMaintainer(item.id, maintainer.userId);
    await replyCall(maintainer.client, 'reply_to_review', first.id, REPLY);
    await revokeMaintainer(item.id, maintainer.userId);

    const page = await reviewsPage(anonClient(), item.id);
    const replied = page.reviews.find((review) => review.id === first.id)!;
    expect(replied.reply).toMatchObject({ text: REPLY, author: { name: 'Dr reply-maintainer', maintainer: false } });
    expect((await replyCall(maintainer.client, 'edit_review_reply', first.id, 'Later')).code).toBe('42501');
    expect((await replyCall(maintainer.client, 'reply_to_review', second.id, REPLY)).code).toBe('42501');

    const successor = await reviewerAs('reply-successor');
    await makeMaintainer(item.id, successor.userId);
    expect((await replyCall(successor.client, 'reply_to_review', first.id, REPLY)).code).toBe('23505');
    expect((await replyCall(successor.client, 'reply_to_review', second.id, REPLY)).code).toBeUndefined();
    const left = await maintainer.client.rpc('delete_review_reply', { _review_id: first.id });
    expect(left.error).toBeNull();
  });
});

describe('maintainers told of new reviews', () => {
  const { dataDir } = inject('backend');
  let moderator: Reviewer;
  let reviewer: Reviewer;

  beforeAll(async () => {
    [moderator, reviewer] = await Promise.all([
      reviewerAs('told-moderator', { role: 'moderator' }),
      reviewerAs('told-reviewer', { established: true }),
    ]);
  });

  it('mails the maintainer once when a review is published, not for its edits', async () => {
    const item = await createTestItem('software', 'told-at-once');
    const maintainer = await reviewerAs('told-maintainer');
    await makeMaintainer(item.id, maintainer.userId);
    const review = await submitReview(reviewer.client, item.id, softwareReview(4));
    expect(review.status).toBe('published');
    const edit = await reviewer.client.rpc('edit_item_review', { _review_id: review.id, _review: softwareReview(5) });
    expect(edit.error).toBeNull();

    const rows = await reviewMailRows(review.id);
    expect(rows).toEqual([
      {
        recipient_id: maintainer.userId,
        payload: {
          review_id: review.id,
          title: item.title,
          content_type: 'software',
          slug: item.slug,
          rating: 4,
          reviewer: 'Dr told-reviewer',
        },
      },
    ]);
    const mail = await waitForMail(dataDir, maintainer.email, { kind: 'maintained_item_reviewed', timeoutMs: 15_000 });
    expect(mail.subject).toBe(`New review of “${item.title}” on SciAI`);
    expect(mail.links[0]).toMatch(new RegExp(`/tool/${item.slug}#review-${review.id}$`));
    expect(mail.text).toContain('/settings?tab=notifications');
  });

  it('mails nothing while a review waits, once when approved, not again when approved after hiding', async () => {
    const item = await createTestItem('software', 'told-moderated');
    const maintainer = await reviewerAs('told-moderated-maintainer');
    await makeMaintainer(item.id, maintainer.userId);
    const newcomer = await reviewerAs('told-newcomer');
    const review = await submitReview(newcomer.client, item.id, softwareReview(2));
    expect(await reviewMailRows(review.id)).toEqual([]);

    const decide = async (decision: string) => {
      const { error } = await moderator.client.rpc('moderate_review', {
        _review_id: review.id,
        _decision: decision,
        _reason: decision === 'approve' ? undefined : 'Off-topic',
      });
      expect(error).toBeNull();
    };
    await decide('approve');
    expect(await reviewMailRows(review.id)).toHaveLength(1);
    await decide('hide');
    await decide('approve');
    expect(await reviewMailRows(review.id)).toHaveLength(1);
  });

  it('mails nothing when the maintainer turned it off, or approved the review themselves', async () => {
    const item = await createTestItem('software', 'told-not');
    const maintainer = await reviewerAs('told-off-maintainer');
    await makeMaintainer(item.id, maintainer.userId);
    const saved = await maintainer.client
      .from('user_profiles')
      .update({ notification_preferences: { contribution_reviews: true, maintained_item_reviews: false } })
      .eq('id', maintainer.userId);
    expect(saved.error).toBeNull();
    const quiet = await submitReview(reviewer.client, item.id, softwareReview(3));
    expect(await reviewMailRows(quiet.id)).toEqual([]);

    const moderated = await createTestItem('software', 'told-self');
    await makeMaintainer(moderated.id, moderator.userId);
    const newcomer = await reviewerAs('told-self-newcomer');
    const review = await submitReview(newcomer.client, moderated.id, softwareReview(4));
    const approved = await moderator.client.rpc('moderate_review', { _review_id: review.id, _decision: 'approve' });
    expect(approved.error).toBeNull();
    expect(await reviewMailRows(review.id)).toEqual([]);
    // the first publication is past: hiding and approving again by another moderator mails nothing either
    await withDatabase((db) =>
      db.query("update public.item_reviews set status = 'pending' where id = $1", [review.id]),
    );
    await withDatabase((db) =>
      db.query("update public.item_reviews set status = 'published' where id = $1", [review.id]),
    );
    expect(await reviewMailRows(review.id)).toEqual([]);
  });
});
