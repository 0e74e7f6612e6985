import { beforeAll, describe, expect, inject, it } from 'vitest';
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
import { createTestItem } from '../support/test-items.ts';
import { expectHealthy, send } from './hostile-requests.ts';

const backend = inject('backend');

/** Sends a raw review to submit_item_review as this reviewer, with whatever body is given. */
function rawSubmit(reviewer: Reviewer, body: string) {
  return send(backend, '/rest/v1/rpc/submit_item_review', {
    body,
    headers: { authorization: `Bearer ${reviewer.session.access_token}` },
  });
}

/** Counts `count` recent actions of the user against their hourly limit, as the functions would. */
async function recentActions(userId: string, action: string, count: number): Promise<void> {
  await withDatabase((db) =>
    db.query('insert into public.review_rate_events (user_id, action) select $1, $2 from generate_series(1, $3)', [
      userId,
      action,
      count,
    ]),
  );
}

/**
 * Reviews against those who would game or break them (docs/product.md#reviews): sock puppets,
 * self-reviews, markup, floods, the wrong role, other people's unpublished reviews and odd input.
 * No answer is a 5xx, nothing hangs, and nothing unpublished leaks.
 */
describe('hostile reviews', () => {
  let established: Reviewer;
  let other: Reviewer;

  beforeAll(async () => {
    [established, other] = await Promise.all([
      reviewerAs('hostile-established', { established: true }),
      reviewerAs('hostile-other', { established: true }),
    ]);
  });

  it('holds sock puppets: many new accounts rating an item are pending and counted nowhere', async () => {
    const item = await createTestItem('software', 'sock-puppets');
    const puppets = await Promise.all([1, 2, 3, 4].map((n) => reviewerAs(`puppet-${n}`)));
    for (const puppet of puppets) {
      expect(await submitReview(puppet.client, item.id, softwareReview(5, 'the best tool ever'))).toMatchObject({
        status: 'pending',
      });
    }
    const page = await reviewsPage(anonClient(), item.id);
    expect(page).toMatchObject({ total: 0, reviews: [], rating: { verified_count: 0, other_count: 0 } });
    const { rows } = await withDatabase((db) =>
      db.query('select 1 from public.item_ratings where content_id = $1', [item.id]),
    );
    expect(rows).toEqual([]);
  });

  it('refuses a review by a maintainer whose typed ORCID iD the item names', async () => {
    const item = await createTestItem('software', 'self-review');
    const maintainer = await reviewerAs('hostile-maintainer', { established: true });
    await maintainer.client
      .from('user_profiles')
      .update({ orcid_id: '0000-0001-5109-3700' })
      .eq('id', maintainer.userId);
    await withDatabase(async (db) => {
      const person = await db.query<{ id: string }>(
        "insert into public.people (full_name, orcid_id) values ('A Maintainer', '0000-0001-5109-3700') returning id",
      );
      await db.query("insert into public.content_people (content_id, person_id, role) values ($1, $2, 'maintainer')", [
        item.id,
        person.rows[0]!.id,
      ]);
    });
    await expect(submitReview(maintainer.client, item.id, softwareReview(5))).rejects.toThrow(
      /^42501: You cannot review/,
    );
  });

  it('keeps HTML and script in a review inert: stored as text, escaped in the page and its JSON-LD', async () => {
    const item = await createTestItem('software', 'markup-review');
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> [link](javascript:alert(3)) ';
    const text = `${markup}${reviewText('markup')}`;
    await submitReview(established.client, item.id, { ...softwareReview(4), text });
    const page = await reviewsPage(anonClient(), item.id);
    expect(page.reviews[0]?.text).toBe(text.trim());

    const html = await (await fetch(`${backend.url}/tool/${item.slug}`)).text();
    const jsonLd = /<script type="application\/ld\+json" id="sciai-jsonld">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(jsonLd).toContain('AggregateRating');
    expect(jsonLd).not.toContain('<script>');
    expect(jsonLd).not.toContain('<img');
    const data = JSON.parse(jsonLd) as { '@graph': Array<{ review?: Array<{ reviewBody: string }> }> };
    expect(data['@graph'][0]?.review?.[0]?.reviewBody).toBe(text.trim());
    // the same data for a client that asks for JSON-LD itself
    const asked = await fetch(`${backend.url}/tool/${item.slug}`, { headers: { accept: 'application/ld+json' } });
    expect(await asked.json()).toMatchObject({
      '@graph': [{ aggregateRating: { ratingValue: 4, ratingCount: 1 }, review: [{ reviewBody: text.trim() }] }, {}],
    });
  });

  it('refuses oversized text and bodies without a 5xx', async () => {
    const item = await createTestItem('software', 'oversized-review');
    const long = await rawSubmit(
      established,
      JSON.stringify({ _content_id: item.id, _review: { ...softwareReview(4), text: 'long '.repeat(1_001) } }),
    );
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: '22023', message: 'text must be at most 5,000 characters' });
    const huge = await rawSubmit(
      established,
      JSON.stringify({ _content_id: item.id, _review: { ...softwareReview(4), text: 'x'.repeat(300_000) } }),
    );
    expect(huge.status).toBe(413);
    const task = await rawSubmit(
      established,
      JSON.stringify({ _content_id: item.id, _review: { ...softwareReview(4), task: 't'.repeat(201) } }),
    );
    expect(task.body).toMatchObject({ code: '22023' });
    await expectHealthy(backend);
  });

  it('refuses odd encodings: invisible padding, direction overrides, NUL, lone surrogates, wrong types', async () => {
    const item = await createTestItem('software', 'odd-encodings');
    const refusals: Array<[unknown, number, RegExp]> = [
      [{ ...softwareReview(4), text: '\u200B'.repeat(60) + 'short' }, 400, /at least 50/],
      [{ ...softwareReview(4), text: `${reviewText('spoof')}\u202Egnp.exe` }, 400, /text-direction/],
      [{ ...softwareReview(4), task: 'Docking\nInjected line' }, 400, /one line/],
      [{ ...softwareReview(4), rating: '5' }, 400, /rating/],
      [{ ...softwareReview(4), rating: 1e300 }, 400, /rating/],
      [{ ...softwareReview(4), aspects: [5, 5] }, 400, /aspects/],
      [[softwareReview(4)], 400, /review must be an object/],
      ['a review', 400, /review must be an object/],
    ];
    for (const [review, status, message] of refusals) {
      const answer = await rawSubmit(established, JSON.stringify({ _content_id: item.id, _review: review }));
      expect({ review, status: answer.status }).toEqual({ review, status });
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    // Escapes PostgreSQL's JSON cannot hold: refused, never a server error.
    for (const escape of ['\\u0000', '\\ud800']) {
      const body = `{"_content_id":"${item.id}","_review":{"rating":4,"task":"x","text":"${escape}${reviewText('escape')}"}}`;
      const answer = await rawSubmit(established, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const nested = await rawSubmit(
      established,
      `{"_content_id":"${item.id}","_review":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
    );
    expect(nested.status).toBe(400);
    await expectHealthy(backend);
  });

  it('stops floods of reviews, edits, helpful marks and reports at their hourly limits with 429', async () => {
    const flooder = await reviewerAs('hostile-flooder', { established: true });
    const items = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createTestItem('software', `flood-${n}`)));
    for (const item of items.slice(0, 5)) await submitReview(flooder.client, item.id, softwareReview(5));
    const sixth = await flooder.client.rpc('submit_item_review', {
      _content_id: items[5]!.id,
      _review: softwareReview(5),
    });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.message).toBe('You have reached the limit of 5 new reviews an hour. Please try again later.');
    expect((await reviewsPage(anonClient(), items[5]!.id)).own).toBeNull();

    const first = (await reviewsPage(flooder.client, items[0]!.id)).own!;
    await recentActions(flooder.userId, 'edit', 20);
    const edit = await flooder.client.rpc('edit_item_review', { _review_id: first.id, _review: softwareReview(1) });
    expect(edit.status).toBe(429);
    expect((await reviewsPage(anonClient(), items[0]!.id)).reviews[0]).toMatchObject({ rating: 5, edited_at: null });

    const target = await submitReview(other.client, items[0]!.id, softwareReview(3, 'a target'));
    await recentActions(flooder.userId, 'helpful', 60);
    const mark = await flooder.client.rpc('mark_review_helpful', { _review_id: target.id });
    expect(mark.status).toBe(429);
    await recentActions(flooder.userId, 'report', 10);
    const report = await flooder.client.rpc('report_review', { _review_id: target.id, _reason: 'spam' });
    expect(report.status).toBe(429);
    const { rows } = await withDatabase((db) =>
      db.query('select 1 from public.item_review_reports where review_id = $1', [target.id]),
    );
    expect(rows).toEqual([]);
  });

  it('refuses moderation to readers and visitors', async () => {
    const item = await createTestItem('software', 'wrong-role');
    const review = await submitReview(other.client, item.id, softwareReview(4, 'a fair review'));
    const asUser = await established.client.rpc('moderate_review', {
      _review_id: review.id,
      _decision: 'remove',
      _reason: 'I disagree',
    });
    expect(asUser.error?.code).toBe('42501');
    const asVisitor = await anonClient().rpc('moderate_review', {
      _review_id: review.id,
      _decision: 'hide',
      _reason: 'x',
    });
    expect(asVisitor.error).not.toBeNull();
    expect(asVisitor.status).toBeLessThan(500);
    const queue = await established.client.rpc('review_moderation_queue');
    expect(queue.error?.code).toBe('42501');
    const direct = await established.client
      .from('item_reviews')
      .update({ status: 'removed' })
      .eq('id', review.id)
      .select();
    expect(direct.data ?? []).toEqual([]);
    expect((await reviewsPage(anonClient(), item.id)).total).toBe(1);
  });

  it("never shows others' pending or hidden reviews, their revisions or who reported them", async () => {
    const item = await createTestItem('software', 'unpublished-reviews');
    const newcomer = await reviewerAs('hostile-newcomer');
    const pending = await submitReview(newcomer.client, item.id, softwareReview(1, 'a pending complaint'));
    const shown = await submitReview(other.client, item.id, softwareReview(4, 'a shown review'));
    await other.client.rpc('edit_item_review', {
      _review_id: shown.id,
      _review: softwareReview(2, 'a changed review'),
    });
    await established.client.rpc('report_review', { _review_id: shown.id, _reason: 'spam' });

    const reader = established.client;
    expect((await reader.from('item_reviews').select('id').eq('content_id', item.id)).data).toEqual([]);
    expect((await reader.from('item_review_revisions').select('id').eq('review_id', shown.id)).data).toEqual([]);
    expect((await other.client.from('item_review_reports').select('id').eq('review_id', shown.id)).data).toEqual([]);
    const anonymous = await anonClient().from('item_reviews').select('id');
    expect(anonymous.error?.code).toBe('42501');

    const page = await reviewsPage(reader, item.id);
    expect(page.reviews.map((review) => review.id)).toEqual([shown.id]);
    expect(JSON.stringify(page)).not.toContain(pending.id);
    const helpfulPending = await reader.rpc('mark_review_helpful', { _review_id: pending.id });
    expect(helpfulPending.error).toMatchObject({ code: 'PT404', message: 'Review not found' });
    const ownHelpful = await other.client.rpc('mark_review_helpful', { _review_id: shown.id });
    expect(ownHelpful.error?.code).toBe('42501');
    const ownReport = await other.client.rpc('report_review', { _review_id: shown.id, _reason: 'spam' });
    expect(ownReport.error?.code).toBe('42501');
    const othersEdit = await reader.rpc('edit_item_review', { _review_id: shown.id, _review: softwareReview(1) });
    expect(othersEdit.error?.code).toBe('PT404');
    const othersDelete = await reader.rpc('delete_item_review', { _review_id: pending.id });
    expect(othersDelete.error?.code).toBe('PT404');
  });
});
