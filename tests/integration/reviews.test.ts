import { beforeAll, describe, expect, it } from 'vitest';
import { orcidCheckCharacter } from '@sciai/core';
import { withDatabase } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import {
  reviewerAs,
  reviewsPage,
  reviewText,
  softwareReview,
  submitReview,
  type Reviewer,
} from '../support/reviews.ts';
import { createTestItem, type TestItem } from '../support/test-items.ts';

/** The item's rating row as stored, or undefined when it has none. */
async function storedRating(contentId: string): Promise<Record<string, unknown> | undefined> {
  return withDatabase(async (db) => {
    const { rows } = await db.query(
      `select verified_count, verified_average::float8, rating_score, other_count, other_average::float8
       from public.item_ratings where content_id = $1`,
      [contentId],
    );
    return rows[0] as Record<string, unknown> | undefined;
  });
}

/** A valid ORCID iD made from a number (its check character computed). */
function testOrcid(n: number): string {
  const digits = String(n).padStart(15, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 15)}${orcidCheckCharacter(digits)}`;
}

/**
 * Reviews and ratings (docs/product.md#reviews) through supabase-js: who may write, what waits
 * for a moderator, what readers see, and the rating kept exact by the database.
 */
describe('reviews', () => {
  let moderator: Reviewer;
  let established: Reviewer;
  let reader: Reviewer;

  beforeAll(async () => {
    [moderator, established, reader] = await Promise.all([
      reviewerAs('review-moderator', { role: 'moderator' }),
      reviewerAs('review-established', { established: true, institution: 'Institute of Tests' }),
      reviewerAs('review-reader', { established: true }),
    ]);
  });

  it('asks visitors to sign in and readers to name themselves and confirm their address', async () => {
    const item = await createTestItem('software', 'review-rules');
    const visitor = await anonClient().rpc('submit_item_review', { _content_id: item.id, _review: softwareReview(4) });
    expect(visitor.error?.code).toBe('42501');

    const nameless = await reviewerAs('review-nameless');
    await nameless.client.from('user_profiles').update({ display_name: null }).eq('id', nameless.userId);
    await expect(submitReview(nameless.client, item.id, softwareReview(4))).rejects.toThrow(
      '42501: Add your name to your profile before writing a review: reviews are signed',
    );

    await withDatabase((db) =>
      db.query('update auth.users set email_confirmed_at = null where id = $1', [nameless.userId]),
    );
    await expect(submitReview(nameless.client, item.id, softwareReview(4))).rejects.toThrow(
      '42501: Confirm your e-mail address before writing a review',
    );
  });

  it("holds a new account's first review for a moderator, then counts it once approved", async () => {
    const item = await createTestItem('software', 'review-first');
    const newcomer = await reviewerAs('review-newcomer');
    const submitted = await submitReview(newcomer.client, item.id, softwareReview(2));
    expect(submitted.status).toBe('pending');

    const seenByVisitor = await reviewsPage(anonClient(), item.id);
    expect(seenByVisitor).toMatchObject({ total: 0, reviews: [], own: null });
    expect(seenByVisitor.rating).toMatchObject({ verified_count: 0, other_count: 0 });
    const seenByAuthor = await reviewsPage(newcomer.client, item.id);
    expect(seenByAuthor.own).toMatchObject({ id: submitted.id, status: 'pending', rating: 2, is_own: true });
    expect(await storedRating(item.id)).toBeUndefined();

    const queue = await moderator.client.rpc('review_moderation_queue');
    expect(queue.error).toBeNull();
    expect(queue.data).toContainEqual(
      expect.objectContaining({ id: submitted.id, status: 'pending', item: expect.objectContaining({ id: item.id }) }),
    );

    const own = await submitReview(moderator.client, item.id, softwareReview(5, 'my own tool'));
    const selfApproved = await moderator.client.rpc('moderate_review', { _review_id: own.id, _decision: 'approve' });
    expect(selfApproved.error).toMatchObject({
      code: '42501',
      message: 'Another moderator decides on your own review',
    });

    const approved = await moderator.client.rpc('moderate_review', { _review_id: submitted.id, _decision: 'approve' });
    expect(approved.error).toBeNull();
    expect(await storedRating(item.id)).toEqual({
      verified_count: 0,
      verified_average: null,
      rating_score: null,
      other_count: 1,
      other_average: 2,
    });
    const page = await reviewsPage(anonClient(), item.id);
    expect(page.total).toBe(1);
    expect(page.reviews[0]).toMatchObject({
      id: submitted.id,
      text: reviewText('a benchmark'),
      reviewer: { name: 'Dr review-newcomer', affiliation: 'Test University', verified: false },
    });
    expect(page.reviews[0]).not.toHaveProperty('status');
    expect(JSON.stringify(page)).not.toContain(newcomer.userId);
  });

  it('publishes an established reviewer at once and keeps the rating exact through edits and deletion', async () => {
    const item = await createTestItem('software', 'review-exact');
    const other = await reviewerAs('review-other', { established: true });
    const first = await submitReview(established.client, item.id, {
      ...softwareReview(5),
      field: 'biology',
      data_size: '1_to_100_gb',
      version: 'v2.3',
      used_on: '2025-03-01',
      aspects: { accuracy: 5, setup: 3, documentation: 4 },
    });
    expect(first.status).toBe('published');
    const second = await submitReview(other.client, item.id, softwareReview(2));
    expect(await storedRating(item.id)).toMatchObject({ other_count: 2, other_average: 3.5 });

    const edited = await established.client.rpc('edit_item_review', {
      _review_id: first.id,
      _review: { ...softwareReview(3, 'a second look'), field: 'biology' },
    });
    expect(edited.error).toBeNull();
    expect(await storedRating(item.id)).toMatchObject({ other_count: 2, other_average: 2.5 });
    const revisions = await established.client.from('item_review_revisions').select('rating, body, fields');
    expect(revisions.data).toContainEqual({
      rating: 5,
      body: reviewText('a benchmark'),
      fields: {
        task: 'Protein structure prediction',
        field: 'biology',
        data_size: '1_to_100_gb',
        version: 'v2.3',
        used_on: '2025-03-01',
        aspects: { accuracy: 5, setup: 3, documentation: 4 },
      },
    });
    const page = await reviewsPage(anonClient(), item.id);
    expect(page.reviews.find((review) => review.id === first.id)).toMatchObject({
      rating: 3,
      field: { slug: 'biology', name: 'Biology' },
      aspects: {},
      edited_at: expect.any(String),
    });

    const deleted = await other.client.rpc('delete_item_review', { _review_id: second.id });
    expect(deleted.error).toBeNull();
    expect(await storedRating(item.id)).toMatchObject({ other_count: 1, other_average: 3 });
    await established.client.rpc('delete_item_review', { _review_id: first.id });
    expect(await storedRating(item.id)).toBeUndefined();
  });

  it("takes an item's reviews and rating with it when the item or a reviewer's account is deleted", async () => {
    const item = await createTestItem('software', 'review-deleted');
    const leaving = await reviewerAs('review-leaving', { established: true });
    await submitReview(leaving.client, item.id, softwareReview(2, 'a leaving review'));
    const staying = await submitReview(reader.client, item.id, softwareReview(5, 'a staying review'));
    await leaving.client.rpc('mark_review_helpful', { _review_id: staying.id });
    expect(await storedRating(item.id)).toMatchObject({ other_count: 2 });

    const gone = await leaving.client.rpc('delete_my_account', { _confirmation: 'DELETE' });
    expect(gone.error).toBeNull();
    expect(await storedRating(item.id)).toMatchObject({ other_count: 1, other_average: 5 });
    expect((await reviewsPage(anonClient(), item.id)).reviews[0]).toMatchObject({ id: staying.id, helpful_count: 0 });

    await withDatabase((db) => db.query('delete from public.content_items where id = $1', [item.id]));
    expect(await storedRating(item.id)).toBeUndefined();
  });

  it('refuses a second review, an unpublished item and an item that names the reviewer', async () => {
    const item = await createTestItem('paper', 'review-refusals');
    await submitReview(established.client, item.id, { rating: 4, text: reviewText('a paper'), engagement: 'read' });
    await expect(
      submitReview(established.client, item.id, { rating: 5, text: reviewText('again'), engagement: 'read' }),
    ).rejects.toThrow('23505: You have already reviewed this item: edit your review instead');

    const draft = await createTestItem('software', 'review-draft');
    await withDatabase((db) => db.query("update public.content_items set status = 'draft' where id = $1", [draft.id]));
    await expect(submitReview(reader.client, draft.id, softwareReview(4))).rejects.toThrow('PT404: Item not found');
    const { error } = await anonClient().rpc('item_reviews_page', { _content_id: draft.id });
    expect(error?.code).toBe('PT404');

    const author = await reviewerAs('review-author', { established: true });
    await author.client.from('user_profiles').update({ orcid_id: '0000-0002-1825-0097' }).eq('id', author.userId);
    await withDatabase(async (db) => {
      const person = await db.query<{ id: string }>(
        "insert into public.people (full_name, orcid_id) values ('Josiah Carberry', '0000-0002-1825-0097') returning id",
      );
      await db.query("insert into public.content_people (content_id, person_id, role) values ($1, $2, 'author')", [
        item.id,
        person.rows[0]!.id,
      ]);
    });
    await expect(
      submitReview(author.client, item.id, { rating: 5, text: reviewText('my own paper'), engagement: 'reproduced' }),
    ).rejects.toThrow('42501: You cannot review an item that names you among its authors or maintainers');

    // the item's maintainer (an approved claim) is affiliated too, while the claim stands
    const tool = await createTestItem('software', 'review-maintained');
    const maker = await reviewerAs('review-maker', { established: true });
    await withDatabase((db) =>
      db.query(
        `insert into public.item_claims (content_id, claimant_id, method, status, proof)
         values ($1, $2, 'github', 'approved', '{"repository": "sciai/test"}')`,
        [tool.id, maker.userId],
      ),
    );
    await expect(submitReview(maker.client, tool.id, softwareReview(5))).rejects.toThrow(
      '42501: You cannot review an item that names you among its authors or maintainers',
    );
    await withDatabase((db) =>
      db.query("update public.item_claims set status = 'withdrawn' where content_id = $1", [tool.id]),
    );
    expect((await submitReview(maker.client, tool.id, softwareReview(5))).status).toBe('published');
  });

  it('names the field and the rule of every refused field', async () => {
    const software = await createTestItem('software', 'review-fields');
    const paper = await createTestItem('paper', 'review-fields');
    const refusals: Array<[TestItem, Record<string, unknown>, string]> = [
      [software, { ...softwareReview(6) }, 'rating must be a whole number of stars from 1 to 5'],
      [software, { ...softwareReview(4.5) }, 'rating must be a whole number of stars from 1 to 5'],
      [software, { ...softwareReview(4), text: 'Too short to help anyone.' }, 'text must be at least 50 characters'],
      [software, { ...softwareReview(4), text: 'x'.repeat(5001) }, 'text must be at most 5,000 characters'],
      [
        software,
        { rating: 4, text: reviewText('no task') },
        'task is required: what you used it for, 1 to 200 characters',
      ],
      [software, { ...softwareReview(4), engagement: 'read' }, 'engagement is asked of papers only'],
      [software, { ...softwareReview(4), field: 'alchemy' }, 'field must be one of the scientific fields'],
      [software, { ...softwareReview(4), data_size: 'huge' }, 'data_size must be under_1_gb, 1_to_100_gb'],
      [software, { ...softwareReview(4), used_on: '2999-01-01' }, 'used_on must be a date between 1950 and today'],
      [software, { ...softwareReview(4), aspects: { speed: 5 } }, 'aspects.speed is not an aspect'],
      [software, { ...softwareReview(4), aspects: { setup: 0 } }, 'aspects.setup must be a whole number of stars'],
      [software, { ...softwareReview(4), stars: 5 }, 'stars is not a field of a review'],
      [paper, { rating: 4, text: reviewText('a paper') }, 'engagement is required for a paper'],
      [paper, { ...softwareReview(4), engagement: 'read' }, 'task is not asked of a paper'],
    ];
    for (const [item, review, message] of refusals) {
      const { error } = await reader.client.rpc('submit_item_review', { _content_id: item.id, _review: review });
      expect({ review, code: error?.code, message: error?.message.slice(0, message.length) }).toEqual({
        review,
        code: '22023',
        message,
      });
    }
    const { error } = await reader.client.rpc('submit_item_review', {
      _content_id: paper.id,
      _review: { rating: 3, text: reviewText('a method'), engagement: 'used_method', field: 'physics' },
    });
    expect(error).toBeNull();
  });

  it('counts helpful marks once per reader, never on their own review, and sorts by them', async () => {
    const item = await createTestItem('software', 'review-helpful');
    const third = await reviewerAs('review-third', { established: true });
    const low = await submitReview(established.client, item.id, softwareReview(1, 'an old run'));
    const high = await submitReview(third.client, item.id, softwareReview(5, 'a new run'));

    const own = await established.client.rpc('mark_review_helpful', { _review_id: low.id });
    expect(own.error).toMatchObject({ code: '42501', message: 'You cannot mark as helpful your own review' });
    for (let time = 0; time < 2; time += 1) {
      const marked = await reader.client.rpc('mark_review_helpful', { _review_id: low.id });
      expect(marked).toMatchObject({ error: null, data: 1 });
    }
    const visitor = await anonClient().rpc('mark_review_helpful', { _review_id: low.id });
    expect(visitor.error?.code).toBe('42501');

    const byHelpful = await reviewsPage(reader.client, item.id, 'helpful');
    expect(byHelpful.reviews.map((review) => [review.id, review.helpful_count, review.marked_helpful])).toEqual([
      [low.id, 1, true],
      [high.id, 0, false],
    ]);
    expect((await reviewsPage(reader.client, item.id, 'rating')).reviews.map((review) => review.id)).toEqual([
      high.id,
      low.id,
    ]);
    expect((await reviewsPage(reader.client, item.id, 'newest')).reviews.map((review) => review.id)).toEqual([
      high.id,
      low.id,
    ]);

    const unmarked = await reader.client.rpc('mark_review_helpful', { _review_id: low.id, _helpful: false });
    expect(unmarked).toMatchObject({ error: null, data: 0 });
    const badSort = await anonClient().rpc('item_reviews_page', { _content_id: item.id, _sort: 'stars' });
    expect(badSort.error).toMatchObject({ code: '22023', message: 'sort must be helpful, newest or rating' });
  });

  it('sends reports to the moderators, whose reasons the author sees on a hidden review', async () => {
    const item = await createTestItem('software', 'review-reported');
    const review = await submitReview(established.client, item.id, softwareReview(5, 'a suspicious claim'));

    const noNote = await reader.client.rpc('report_review', { _review_id: review.id, _reason: 'other' });
    expect(noNote.error).toMatchObject({ code: '22023', message: 'note is required when the reason is other' });
    const reported = await reader.client.rpc('report_review', {
      _review_id: review.id,
      _reason: 'conflict_of_interest',
      _note: 'The reviewer works for the vendor.',
    });
    expect(reported.error).toBeNull();
    const again = await reader.client.rpc('report_review', { _review_id: review.id, _reason: 'spam' });
    expect(again.error?.code).toBe('23505');

    const queue = await moderator.client.rpc('review_moderation_queue');
    const entry = (queue.data as Array<Record<string, unknown>>).find((row) => row.id === review.id);
    expect(entry).toMatchObject({
      status: 'published',
      reports: [{ reason: 'conflict_of_interest', note: 'The reviewer works for the vendor.' }],
    });
    expect(JSON.stringify(entry)).not.toContain(reader.userId);
    expect(JSON.stringify(entry)).not.toContain(reader.email);

    const withoutReason = await moderator.client.rpc('moderate_review', { _review_id: review.id, _decision: 'hide' });
    expect(withoutReason.error).toMatchObject({
      code: '22023',
      message: 'A reason is required: the author will see it',
    });
    const hidden = await moderator.client.rpc('moderate_review', {
      _review_id: review.id,
      _decision: 'hide',
      _reason: 'Please disclose your work for the vendor.',
    });
    expect(hidden.error).toBeNull();
    expect((await reviewsPage(anonClient(), item.id)).total).toBe(0);
    expect((await reviewsPage(established.client, item.id)).own).toMatchObject({
      status: 'hidden',
      status_reason: 'Please disclose your work for the vendor.',
    });
    const after = await moderator.client.rpc('review_moderation_queue');
    expect((after.data as Array<{ id: string }>).map((row) => row.id)).not.toContain(review.id);

    // The author's edit sends a hidden review back to the moderators.
    const edited = await established.client.rpc('edit_item_review', {
      _review_id: review.id,
      _review: softwareReview(5, 'a disclosed claim (I consult for the vendor)'),
    });
    expect(edited.data).toMatchObject({ status: 'pending' });
    const removed = await moderator.client.rpc('moderate_review', {
      _review_id: review.id,
      _decision: 'remove',
      _reason: 'Reviews by the vendor are not allowed.',
    });
    expect(removed.error).toBeNull();
    const locked = await established.client.rpc('edit_item_review', {
      _review_id: review.id,
      _review: softwareReview(4),
    });
    expect(locked.error).toMatchObject({ code: '55000', message: 'A removed review cannot be edited' });
  });

  it('lists published reviews on the public profile and counts them in the stats', async () => {
    const handle = `reviewer-${Date.now().toString(36)}`;
    const profiled = await reviewerAs('review-profiled', { established: true });
    await profiled.client.from('user_profiles').update({ handle }).eq('id', profiled.userId);
    const item = await createTestItem('software', 'review-profile');
    await submitReview(profiled.client, item.id, softwareReview(4, 'a profile'));

    const profile = await anonClient().rpc('public_profile', { _handle: handle }).single();
    expect(profile.data).toMatchObject({ reviews: 2 });
    const listed = await anonClient().rpc('public_profile_reviews', { _handle: handle });
    expect(listed.data).toMatchObject({
      total: 2,
      reviews: [{ text: reviewText('a profile'), item: { slug: item.slug, title: item.title } }, {}],
    });
    const stats = await profiled.client.rpc('my_profile_stats').single();
    expect(stats.data).toMatchObject({ reviews: 2 });
  });

  it('moves a reviewer between the counts when they connect and disconnect ORCID', async () => {
    const item = await createTestItem('software', 'review-orcid');
    const reviewer = await reviewerAs('review-orcid', { established: true });
    await submitReview(reviewer.client, item.id, softwareReview(4));
    expect(await storedRating(item.id)).toMatchObject({ verified_count: 0, other_count: 1, other_average: 4 });
    // what the auth service writes when ORCID is connected, then disconnected
    await withDatabase((db) =>
      db.query('insert into public.verified_orcid_ids (user_id, orcid_id) values ($1, $2)', [
        reviewer.userId,
        testOrcid(8001),
      ]),
    );
    expect(await storedRating(item.id)).toMatchObject({ verified_count: 1, verified_average: 4, other_count: 0 });
    const page = await reviewsPage(anonClient(), item.id);
    expect(page.reviews[0]!.reviewer.verified).toBe(true);
    await withDatabase((db) => db.query('delete from public.verified_orcid_ids where user_id = $1', [reviewer.userId]));
    expect(await storedRating(item.id)).toMatchObject({ verified_count: 0, other_count: 1 });
  });

  it('ranks verified reviews by a Bayesian average: one 5 does not outrank twenty 4.5', async () => {
    const [single, many] = await Promise.all([
      createTestItem('software', 'one-five'),
      createTestItem('software', 'many'),
    ]);
    // Within one transaction that is rolled back: twenty reviewers with verified iDs.
    const scores = await withDatabase(async (db) => {
      await db.query('begin');
      try {
        const authors = await db.query<{ id: string }>(
          "insert into auth.users (email) select 'bayes-' || n || '@example.org' from generate_series(1, 20) n returning id",
        );
        await db.query(
          'insert into public.verified_orcid_ids (user_id, orcid_id) select * from unnest($1::uuid[], $2::text[])',
          [authors.rows.map((row) => row.id), authors.rows.map((_, index) => testOrcid(9000 + index))],
        );
        await db.query(
          `insert into public.item_reviews (content_id, user_id, rating, body, used_for_task, status)
           select $1::uuid, ($4::uuid[])[1], 5, $3, 'Task', 'published'
           union all
           select $2::uuid, a.id, case when n % 2 = 0 then 5 else 4 end, $3, 'Task', 'published'
           from unnest($4::uuid[]) with ordinality as a(id, n)`,
          [single.id, many.id, reviewText('ranking'), authors.rows.map((row) => row.id)],
        );
        const { rows } = await db.query<{ content_id: string; rating_score: number; verified_average: string }>(
          'select content_id, rating_score, verified_average from public.item_ratings where content_id = any ($1::uuid[])',
          [[single.id, many.id]],
        );
        return Object.fromEntries(rows.map((row) => [row.content_id, row]));
      } finally {
        await db.query('rollback');
      }
    });
    expect(scores[single.id]).toMatchObject({ verified_average: '5.00', rating_score: 3.75 });
    expect(scores[many.id]).toMatchObject({ verified_average: '4.50', rating_score: 4.3 });
    expect(await storedRating(single.id)).toBeUndefined();
  });
});
