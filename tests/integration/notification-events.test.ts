import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_DELIVERY,
  describeNotification,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_EMAIL_CATEGORIES,
  NOTIFICATION_KINDS,
  parseNotificationPayload,
  type NotificationKind,
} from '@sciai/core';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { makeMaintainer, replyCall } from '../support/review-replies.ts';
import { reviewerAs, softwareReview, submitReview, type Reviewer } from '../support/reviews.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

interface Row {
  kind: NotificationKind;
  line: string;
  payload: Record<string, unknown>;
  email_delivery: string | null;
  follow_id: string | null;
}

/** A user's notifications, oldest first, each with the line the app shows. */
async function notificationsOf(userId: string): Promise<Row[]> {
  const { rows } = await withDatabase((db) =>
    db.query<Omit<Row, 'line'>>(
      'select kind, payload, email_delivery, follow_id::text from public.notifications where user_id = $1 order by id',
      [userId],
    ),
  );
  return rows.map((row) => ({ ...row, line: describeNotification(row.kind, parseNotificationPayload(row.payload)!) }));
}

async function outboxKindsOf(userId: string): Promise<string[]> {
  const { rows } = await withDatabase((db) =>
    db.query<{ kind: string }>('select kind from public.notification_outbox where recipient_id = $1 order by id', [
      userId,
    ]),
  );
  return rows.map((row) => row.kind);
}

async function follow(userId: string, target: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(target);
  const { rows } = await withDatabase((db) =>
    db.query<{ id: string }>(
      `insert into public.follows (user_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})
       returning id::text`,
      [userId, ...Object.values(target)],
    ),
  );
  return rows[0]!.id;
}

async function setEmail(userId: string, email: Record<string, string>): Promise<void> {
  await withDatabase((db) =>
    db.query('update public.user_profiles set notification_preferences = $2 where id = $1', [userId, { email }]),
  );
}

type ItemLinks = { domainId?: string; organizationId?: string; personId?: string };

/** Published items with their field, organization and named person, written in one transaction as an approval or a harvest writes them. */
async function publishItems(titles: string[], links: ItemLinks = {}): Promise<{ id: string; slug: string }[]> {
  return withDatabase(async (db) => {
    await db.query('begin');
    const items = [];
    for (const title of titles) {
      const slug = `notify-${randomUUID().slice(0, 8)}`;
      const { rows } = await db.query<{ id: string }>(
        `insert into public.content_items (slug, title, short_description, content_type, status, published_at, organization_id, year)
         values ($1, $2, $3, 'software', 'published', now(), $4, 2025) returning id::text`,
        [slug, title, `About ${title}`, links.organizationId ?? null],
      );
      const id = rows[0]!.id;
      if (links.domainId)
        await db.query('insert into public.content_domains (content_id, domain_id, is_primary) values ($1, $2, true)', [
          id,
          links.domainId,
        ]);
      if (links.personId)
        await db.query('insert into public.content_people (content_id, person_id) values ($1, $2)', [
          id,
          links.personId,
        ]);
      items.push({ id, slug });
    }
    await db.query('commit');
    return items;
  });
}

async function publishItem(title: string, links: ItemLinks = {}): Promise<{ id: string; slug: string }> {
  return (await publishItems([title], links))[0]!;
}

/** A field under another, with both names and slugs. */
async function fieldWithParent(): Promise<
  Record<'child' | 'child_name' | 'parent' | 'parent_name' | 'parent_slug', string>
> {
  const { rows } = await withDatabase((db) =>
    db.query<Record<'child' | 'child_name' | 'parent' | 'parent_name' | 'parent_slug', string>>(
      `select c.id::text as child, c.name as child_name, p.id::text as parent, p.name as parent_name, p.slug as parent_slug
       from public.scientific_domains c join public.scientific_domains p on p.id = c.parent_id order by c.slug limit 1`,
    ),
  );
  return rows[0]!;
}

function uniqueWord(): string {
  return `zq${randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, 'x')}`;
}

/** An ORCID iD no other test uses, with its check digit (ISO 7064 11,2). */
function randomOrcid(): string {
  const digits = Array.from({ length: 15 }, () => Math.floor(Math.random() * 10));
  digits[0] = 9; // 9000-…: outside the catalog's real iDs
  const total = digits.reduce((sum, digit) => (sum + digit) * 2, 0);
  const check = (12 - (total % 11)) % 11;
  const all = `${digits.join('')}${check === 10 ? 'X' : check}`;
  return all.replace(/(.{4})(?=.)/g, '$1-');
}

describe('events become notifications', () => {
  let follower: SignedInUser;
  let quiet: SignedInUser;
  let eager: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    [follower, quiet, eager, stranger] = await Promise.all([
      signedInAs('user', 'notify-follower'),
      signedInAs('user', 'notify-quiet'),
      signedInAs('user', 'notify-eager'),
      signedInAs('user', 'notify-stranger'),
    ]);
    await setEmail(quiet.userId, { item_updates: 'off' });
    await setEmail(eager.userId, { item_updates: 'instant' });
  });

  it('keeps the e-mail choices and categories equal to core’s', async () => {
    const { rows } = await withDatabase((db) =>
      db.query<{ category: string; fresh: string; legacy: string; chosen: string }>(
        `select c as category, public.notification_email_delivery('{}', c) as fresh,
                public.notification_email_delivery('{"contribution_reviews": false, "maintained_item_reviews": false}', c) as legacy,
                public.notification_email_delivery('{"contribution_reviews": false, "maintained_item_reviews": false, "email": {"decisions": "weekly", "reviews": "daily"}}', c) as chosen
         from unnest($1::text[]) c`,
        [NOTIFICATION_EMAIL_CATEGORIES],
      ),
    );
    expect(Object.fromEntries(rows.map((row) => [row.category, row.fresh]))).toEqual(DEFAULT_EMAIL_DELIVERY);
    expect(rows.find((row) => row.category === 'decisions')).toMatchObject({ legacy: 'off', chosen: 'weekly' });
    expect(rows.find((row) => row.category === 'reviews')).toMatchObject({ legacy: 'off', chosen: 'daily' });
    const categories = await withDatabase((db) =>
      db.query<{ kind: string; category: string }>(
        'select k as kind, public.notification_category(k) as category from unnest($1::text[]) k',
        [NOTIFICATION_KINDS],
      ),
    );
    expect(Object.fromEntries(categories.rows.map((row) => [row.kind, row.category]))).toEqual(
      NOTIFICATION_CATEGORY_OF,
    );
  });

  it('tells a followed item’s followers of each change once, e-mailed as each chose', async () => {
    const item = await publishItem('Foldwise');
    const paper = await publishItem('Folding proteins at scale');
    for (const user of [follower, quiet, eager])
      await follow(user.userId, { target_type: 'item', content_id: item.id });
    await withDatabase(async (db) => {
      const signal = `insert into public.item_signals (content_id, signal, source, value_num, value_text, as_of)
                      values ($1, $2, 'github', $3, $4, now())
                      on conflict (content_id, signal) do update set value_num = excluded.value_num,
                        value_text = excluded.value_text, as_of = excluded.as_of`;
      // first readings are nothing new to anyone
      await db.query(signal, [item.id, 'github_release', null, 'v1.0']);
      await db.query(signal, [item.id, 'github_archived', 0, null]);
      await db.query(signal, [item.id, 'github_release', null, 'v2.0']);
      await db.query(signal, [item.id, 'github_release', null, 'v2.0']); // the same release again
      await db.query(signal, [item.id, 'github_archived', 1, null]);
      const check = `insert into public.link_checks (content_id, link, url, ok, health, checked_at)
                     values ($1, 'homepage', 'https://example.org/foldwise', false, $2, now())
                     on conflict (content_id, link) do update set health = excluded.health, checked_at = excluded.checked_at`;
      await db.query(check, [item.id, 'down']);
      await db.query(check, [item.id, 'dead']);
      await db.query(
        `insert into public.item_relations (content_id, related_id, relation, source) values ($1, $2, 'publication', 'biotools')`,
        [item.id, paper.id],
      );
      // two statements of one transaction are one version, told once, when it commits
      await db.query('begin');
      await db.query("update public.content_items set short_description = 'Folds proteins' where id = $1", [item.id]);
      await db.query("update public.content_items set description = 'Folds proteins, fast.' where id = $1", [item.id]);
      await db.query('commit');
      // a follower's own edit is not news to them
      await db.query('begin');
      await db.query("select set_config('sciai.change_actor_user', $1, true)", [follower.userId]);
      await db.query("update public.content_items set title = 'Foldwise 2' where id = $1", [item.id]);
      await db.query('commit');
    });
    const lines = [
      'Foldwise released v2.0',
      'Foldwise: its repository was archived',
      'Foldwise: its homepage link no longer works',
      'Foldwise: new paper linked, Folding proteins at scale',
      'Foldwise: Description, Short description changed',
    ];
    const mine = await notificationsOf(follower.userId);
    expect(mine.map((row) => row.line)).toEqual(lines);
    expect(mine[4]!.payload).toMatchObject({ path: `/tool/${item.slug}?tab=history&version=1` });
    const othersLines = [...lines, 'Foldwise 2: Name changed'];
    expect(mine[0]!.payload).toMatchObject({ path: `/tool/${item.slug}`, content_type: 'software' });
    // item updates: weekly unless chosen otherwise
    expect(mine.every((row) => row.email_delivery === 'digest' && row.follow_id !== null)).toBe(true);
    expect((await notificationsOf(quiet.userId)).map((row) => [row.line, row.email_delivery])).toEqual(
      othersLines.map((line) => [line, null]),
    );
    expect((await notificationsOf(eager.userId)).every((row) => row.email_delivery === 'instant')).toBe(true);
    expect(await outboxKindsOf(eager.userId)).toEqual(othersLines.map(() => 'notification'));
    expect(await outboxKindsOf(follower.userId)).toEqual([]);
    expect(await notificationsOf(stranger.userId)).toEqual([]);
  });

  it('tells followers of a field, its parent, an organization, a researcher and a saved search of a new item, once each', async () => {
    const field = await fieldWithParent();
    const word = uniqueWord();
    const researcher = await signedInAs('user', 'notify-researcher');
    const orcid = randomOrcid();
    const ids = await withDatabase(async (db) => {
      const organization = await db.query<{ id: string }>(
        `insert into public.organizations (name) values ($1) returning id::text`,
        [`Lab ${word}`],
      );
      await db.query(
        "update public.user_profiles set display_name = 'Dr Notify', handle = $2, is_public = true where id = $1",
        [researcher.userId, `n${word}`],
      );
      await db.query('insert into public.verified_orcid_ids (user_id, orcid_id) values ($1, $2)', [
        researcher.userId,
        orcid,
      ]);
      const person = await db.query<{ id: string }>(
        `insert into public.people (full_name, orcid_id) values ('Dr Notify', $1) returning id::text`,
        [orcid],
      );
      return { organization: organization.rows[0]!.id, person: person.rows[0]!.id };
    });
    const [byParent, byOrganization, byPerson, bySearch, byAll] = await Promise.all(
      ['parent', 'org', 'person', 'search', 'all'].map((label) => signedInAs('user', `notify-new-${label}`)),
    );
    await follow(byParent!.userId, { target_type: 'field', domain_id: field.parent });
    await follow(byOrganization!.userId, { target_type: 'organization', organization_id: ids.organization });
    await follow(byPerson!.userId, { target_type: 'person', person_id: researcher.userId });
    await follow(bySearch!.userId, {
      target_type: 'search',
      search_query: `search=${word}&type=software`,
      label: 'My search',
    });
    await follow(byAll!.userId, { target_type: 'field', domain_id: field.child });
    await follow(byAll!.userId, { target_type: 'search', search_query: `search=${word}`, label: 'Everything' });
    // a search the item does not match, and one of another type
    await follow(stranger.userId, { target_type: 'search', search_query: `search=${word}&type=paper` });

    const item = await publishItem(`Tool ${word}`, {
      domainId: field.child,
      organizationId: ids.organization,
      personId: ids.person,
    });
    const lineOf = async (user: SignedInUser) => {
      await expect.poll(async () => (await notificationsOf(user.userId)).length).toBe(1);
      const [row] = await notificationsOf(user.userId);
      expect(row).toMatchObject({ kind: 'followed_new_item', email_delivery: 'digest' });
      expect(row!.payload.path).toBe(`/tool/${item.slug}`);
      return row!.line;
    };
    expect(await lineOf(byParent!)).toBe(`New in ${field.parent_name}: Tool ${word}`);
    expect(await lineOf(byOrganization!)).toBe(`New from Lab ${word}: Tool ${word}`);
    expect(await lineOf(byPerson!)).toBe(`New by Dr Notify: Tool ${word}`);
    expect(await lineOf(bySearch!)).toBe(`New in My search: Tool ${word}`);
    expect(await lineOf(byAll!)).toBe(`New in Everything: Tool ${word}`);
    expect(await notificationsOf(stranger.userId)).toEqual([]);
    expect(await notificationsOf(researcher.userId)).toEqual([]);
  });

  it('tells a batch of new items as one notification per follow, each item through the most particular follow', async () => {
    const field = await fieldWithParent();
    const [word, narrow] = [uniqueWord(), uniqueWord()];
    const [byParent, byChildAndSearch] = await Promise.all(
      ['batch-parent', 'batch-both'].map((label) => signedInAs('user', `notify-${label}`)),
    );
    await setEmail(byParent!.userId, { new_items: 'instant' });
    await follow(byParent!.userId, { target_type: 'field', domain_id: field.parent });
    await follow(byChildAndSearch!.userId, { target_type: 'field', domain_id: field.child });
    await follow(byChildAndSearch!.userId, {
      target_type: 'search',
      search_query: `search=${narrow}`,
      label: 'Narrow',
    });
    const titles = [`Alpha ${word}`, `Beta ${word}`, `Gamma ${word} ${narrow}`];
    const items = await publishItems(titles, { domainId: field.child });

    await expect.poll(async () => (await notificationsOf(byParent!.userId)).length).toBe(1);
    const [batch] = await notificationsOf(byParent!.userId);
    const shown = batch!.payload.titles as string[];
    expect([...shown].sort()).toEqual(titles);
    expect(batch).toMatchObject({
      kind: 'followed_new_item',
      email_delivery: 'instant',
      line: `3 new in ${field.parent_name}: ${shown[0]}, ${shown[1]} and 1 more`,
      payload: { title: field.parent_name, count: 3, path: `/browse?domain=${field.parent_slug}&sort=recent` },
    });
    // at once: one mail for the batch, not one per item
    expect(await outboxKindsOf(byParent!.userId)).toEqual(['notification']);

    // the item a saved search also brings is told there only, as itself
    await expect.poll(async () => (await notificationsOf(byChildAndSearch!.userId)).length).toBe(2);
    const rows = await notificationsOf(byChildAndSearch!.userId);
    expect(rows.find((row) => row.payload.count === undefined)).toMatchObject({
      line: `New in Narrow: ${titles[2]}`,
      payload: { path: `/tool/${items[2]!.slug}` },
    });
    const byField = rows.find((row) => row.payload.count === 2)!;
    const pair = byField.payload.titles as string[];
    expect([...pair].sort()).toEqual(titles.slice(0, 2));
    expect(byField.line).toBe(`2 new in ${field.child_name}: ${pair[0]} and ${pair[1]}`);
  });

  describe('reviews, replies and decisions', () => {
    let maintainer: Reviewer;
    let reviewer: Reviewer;

    beforeAll(async () => {
      [maintainer, reviewer] = await Promise.all([
        reviewerAs('notify-maintainer'),
        reviewerAs('notify-reviewer', { established: true }),
      ]);
    });

    it('tells followers and the maintainer of a review, and the reviewer of the reply, in one mail each', async () => {
      const item = await publishItem('Reviewed tool');
      await makeMaintainer(item.id, maintainer.userId);
      const reviewFollower = await signedInAs('user', 'notify-review-follower');
      for (const user of [reviewFollower, maintainer, reviewer])
        await follow(user.userId, { target_type: 'item', content_id: item.id });
      const review = await submitReview(reviewer.client, item.id, softwareReview(4, 'notifications'));
      expect(review.status).toBe('published');

      const line = `New review of Reviewed tool by ${reviewer.name} (4/5)`;
      const [seen] = await notificationsOf(reviewFollower.userId);
      expect(seen).toMatchObject({ line, email_delivery: 'instant' });
      expect(seen!.payload.path).toBe(`/tool/${item.slug}?tab=reviews`);
      expect(await outboxKindsOf(reviewFollower.userId)).toEqual(['notification']);
      // the maintainer's review mail is their e-mail of it: one mail, not two
      expect((await notificationsOf(maintainer.userId)).map((row) => [row.line, row.email_delivery])).toEqual([
        [line, 'separate'],
      ]);
      expect(await outboxKindsOf(maintainer.userId)).toEqual(['maintained_item_reviewed']);
      expect(await notificationsOf(reviewer.userId)).toEqual([]);

      expect(
        await replyCall(maintainer.client, 'reply_to_review', review.id, 'Thank you for the careful test.'),
      ).toEqual({
        code: undefined,
        message: undefined,
      });
      expect((await notificationsOf(reviewer.userId)).map((row) => [row.line, row.email_delivery])).toEqual([
        [`${maintainer.name} replied to your review of Reviewed tool`, 'instant'],
      ]);
      expect(await outboxKindsOf(reviewer.userId)).toContain('notification');
    });

    it('tells a contributor and a claimant of decisions, with the decision’s own mail as its e-mail', async () => {
      const moderator = await signedInAs('moderator', 'notify-moderator');
      const contributor = await signedInAs('user', 'notify-contributor');
      const domains = (await domainIds(contributor.client)).slice(0, 1);
      const draft = validDraft(domains);
      const submissionId = await submit(contributor.client, contributor.userId, rowOf(draft));
      const reason = 'Please add the repository.';
      expect(
        (await moderator.client.rpc('reject_submission', { submission_id: submissionId, reason })).error,
      ).toBeNull();
      expect((await notificationsOf(contributor.userId)).map((row) => [row.line, row.email_delivery])).toEqual([
        [`Your contribution ${draft.title} was rejected`, 'separate'],
      ]);
      expect(await outboxKindsOf(contributor.userId)).toEqual(['submission_rejected']);

      // decisions in the weekly digest: the notification waits for it, and no mail leaves now
      const patient = await signedInAs('user', 'notify-patient');
      await setEmail(patient.userId, { decisions: 'weekly' });
      const second = await submit(patient.client, patient.userId, rowOf(validDraft(domains)));
      expect((await moderator.client.rpc('reject_submission', { submission_id: second, reason })).error).toBeNull();
      expect((await notificationsOf(patient.userId)).map((row) => row.email_delivery)).toEqual(['digest']);
      expect(await outboxKindsOf(patient.userId)).toEqual([]);

      const claimed = await publishItem('Claimed tool');
      await withDatabase(async (db) => {
        const { rows } = await db.query<{ id: string }>(
          `insert into public.item_claims (content_id, claimant_id, method, status, evidence)
           values ($1, $2, 'evidence', 'pending', 'I wrote this tool and maintain its repository.') returning id::text`,
          [claimed.id, contributor.userId],
        );
        await db.query(
          "update public.item_claims set status = 'approved', decided_by = $2, decided_at = now() where id = $1",
          [rows[0]!.id, moderator.userId],
        );
      });
      const rows = await notificationsOf(contributor.userId);
      expect(rows.map((row) => [row.line, row.email_delivery])).toContainEqual([
        'Your claim of Claimed tool was approved',
        'separate',
      ]);
    });
  });
});
