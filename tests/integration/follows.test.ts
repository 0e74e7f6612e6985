import { describe, expect, it } from 'vitest';
import { canonicalSearchQuery } from '@sciai/core';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { createTestOrganization, followAs, makePublicProfile, myFollows } from '../support/follows.ts';
import { createTestItem } from '../support/test-items.ts';

/** A field only this file follows, so its follower count moves only with these tests. */
const FIELD = 'mathematics';

async function followState(client: ReturnType<typeof anonClient>, targetType: string, target: string) {
  const { data, error } = await client.rpc('follow_state', { target_type: targetType, target });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as { followers: number | null; follow_id: string | null };
}

/** Follows (docs/product.md#follows) through supabase-js, as the app calls them. */
describe('follows', () => {
  it('follows and unfollows an item, an organization, a field, a person and a search, with real counts', async () => {
    const [reader, other, person] = await Promise.all([
      signedInAs('user', 'follow-reader'),
      signedInAs('user', 'follow-other'),
      signedInAs('user', 'follow-person'),
    ]);
    const item = await createTestItem('software', 'followed-item');
    const organization = await createTestOrganization('Followed Lab');
    await withDatabase((db) =>
      db.query('update public.content_items set organization_id = $1 where id = $2', [organization.id, item.id]),
    );
    const handle = await makePublicProfile(person.userId, 'followed');
    const fieldBefore = (await followState(anonClient(), 'field', FIELD)).followers!;
    const search = canonicalSearchQuery('search=cryo-em&domain=biology', 2026);

    const targets: Array<[string, string, string | undefined]> = [
      ['item', item.slug, undefined],
      ['organization', organization.id, undefined],
      ['field', FIELD, undefined],
      ['person', handle.toUpperCase(), undefined],
      ['search', search, 'Cryo-EM in biology'],
    ];
    for (const [type, target, label] of targets) {
      const answer = await followAs(reader.client, type, target, label);
      expect({ type, error: answer.error }).toEqual({ type, error: null });
    }
    await followAs(other.client, 'item', item.slug);

    // counts are public and real; people's and searches' followers are nobody's business
    const anon = anonClient();
    expect(await followState(anon, 'item', item.slug)).toEqual({ followers: 2, follow_id: null });
    expect((await followState(anon, 'organization', organization.id)).followers).toBe(1);
    expect((await followState(anon, 'field', FIELD)).followers).toBe(fieldBefore + 1);
    expect((await followState(anon, 'person', handle)).followers).toBeNull();
    const own = await followState(reader.client, 'item', item.slug);
    expect(own.follow_id).toEqual(expect.any(String));

    // following again changes nothing
    const again = await followAs(reader.client, 'item', item.slug);
    expect(again.data).toEqual({ id: own.follow_id, followers: 2 });

    const entries = await myFollows(reader.client);
    expect(entries.map((entry) => [entry.target_type, entry.name, entry.path])).toEqual(
      expect.arrayContaining([
        ['item', item.title, `/tool/${item.slug}`],
        ['organization', organization.name, `/org/${organization.id}`],
        ['field', 'Mathematics', `/field/${FIELD}`],
        ['person', `Dr ${handle}`, `/u/${handle}`],
        ['search', 'Cryo-EM in biology', `/browse?${search}`],
      ]),
    );
    expect(entries).toHaveLength(5);
    expect(entries.find((entry) => entry.target_type === 'item')!.followers).toBe(2);

    // the item's and organization's pages show the same counts
    const orgPage = await anon.rpc('organization_page', { _id: organization.id });
    expect(orgPage.data).toMatchObject({ name: organization.name, followers: 1, item_count: 1, company: null });
    expect((orgPage.data as { items: Array<{ slug: string }> }).items.map((row) => row.slug)).toEqual([item.slug]);
    const fieldPage = await anon.rpc('field_page', { _slug: FIELD });
    expect(fieldPage.data).toMatchObject({ slug: FIELD, name: 'Mathematics', followers: fieldBefore + 1 });
    expect((await anon.rpc('field_page', { _slug: 'no_such_field' })).data).toBeNull();
    expect((await anon.rpc('organization_page', { _id: 'not-an-id' })).data).toBeNull();

    // a person who makes their profile private keeps their followers' follow, unnamed
    await withDatabase((db) =>
      db.query('update public.user_profiles set is_public = false where id = $1', [person.userId]),
    );
    const hidden = (await myFollows(reader.client)).find((entry) => entry.target_type === 'person')!;
    expect(hidden).toMatchObject({ name: null, path: null, target: null });

    for (const entry of entries) {
      const { data, error } = await reader.client.rpc('unfollow', { follow_id: entry.id });
      expect({ error, data }).toEqual({ error: null, data: true });
    }
    expect(await myFollows(reader.client)).toEqual([]);
    expect((await followState(anon, 'item', item.slug)).followers).toBe(1);
    expect((await followState(anon, 'field', FIELD)).followers).toBe(fieldBefore);
    // another's follow is not the caller's to remove
    const othersFollow = (await followState(other.client, 'item', item.slug)).follow_id!;
    expect((await reader.client.rpc('unfollow', { follow_id: othersFollow })).data).toBe(false);
  });

  it('refuses visitors, unconfirmed addresses, private profiles, oneself and unknown targets', async () => {
    const [reader, person] = await Promise.all([
      signedInAs('user', 'follow-refused'),
      signedInAs('user', 'follow-private'),
    ]);
    const item = await createTestItem('paper', 'refused-item');
    const anon = await anonClient().rpc('follow', { target_type: 'item', target: item.slug });
    expect(anon.error).not.toBeNull();
    expect(anon.status).toBe(401);
    expect((await anonClient().rpc('my_follows')).status).toBe(401);

    const handle = await makePublicProfile(person.userId, 'private');
    await withDatabase((db) =>
      db.query('update public.user_profiles set is_public = false where id = $1', [person.userId]),
    );
    expect((await followAs(reader.client, 'person', handle)).error).toMatchObject({
      code: 'PT404',
      message: 'Profile not found',
    });
    const ownHandle = await makePublicProfile(reader.userId, 'self');
    expect((await followAs(reader.client, 'person', ownHandle)).error).toMatchObject({
      code: '22023',
      message: 'You cannot follow yourself',
    });
    expect((await followAs(reader.client, 'item', 'no-such-item')).error?.message).toBe('Item not found');
    expect((await followAs(reader.client, 'field', 'no_such_field')).error?.message).toBe('Field not found');
    expect((await followAs(reader.client, 'organization', crypto.randomUUID())).error?.message).toBe(
      'Organization not found',
    );
    expect((await followAs(reader.client, 'planet', 'mars')).error?.code).toBe('22023');
    const draft = await createTestItem('software', 'draft-item');
    await withDatabase((db) => db.query("update public.content_items set status = 'draft' where id = $1", [draft.id]));
    expect((await followAs(reader.client, 'item', draft.slug)).error?.message).toBe('Item not found');

    await withDatabase((db) =>
      db.query('update auth.users set email_confirmed_at = null where id = $1', [reader.userId]),
    );
    expect((await followAs(reader.client, 'item', item.slug)).error).toMatchObject({
      code: '42501',
      message: 'Confirm your e-mail address before following',
    });
    expect(await myFollows(reader.client)).toEqual([]);
  });

  it('keeps one saved search per canonical query, named, and renames it', async () => {
    const reader = await signedInAs('user', 'follow-search');
    const first = canonicalSearchQuery('domain=genomics&domain=biology&search=single%20cell&view=list', 2026);
    const second = canonicalSearchQuery('search=+single+cell&domain=BIOLOGY,genomics', 2026);
    expect(second).toBe(first);
    expect((await followAs(reader.client, 'search', first)).error).toMatchObject({ message: 'Name this search' });
    expect((await followAs(reader.client, 'search', first, '  \n ')).error).toMatchObject({
      message: 'Name this search',
    });
    const saved = await followAs(reader.client, 'search', first, 'Single cell');
    const renamed = await followAs(reader.client, 'search', second, 'Single-cell genomics');
    expect(renamed.data?.id).toBe(saved.data?.id);
    expect(saved.data?.followers).toBeNull();
    const entries = await myFollows(reader.client);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ label: 'Single-cell genomics', target: first, path: `/browse?${first}` });
  });

  it('counts what each follow brought since it was last opened', async () => {
    const reader = await signedInAs('user', 'follow-new');
    const item = await createTestItem('software', 'new-counts');
    const search = canonicalSearchQuery('search=protein', 2026);
    const itemFollow = (await followAs(reader.client, 'item', item.slug)).data!.id;
    const searchFollow = (await followAs(reader.client, 'search', search, 'Protein')).data!.id;
    const notify = (followId: string, key: string, minutesAgo: number) =>
      withDatabase((db) =>
        db.query(
          `insert into public.notifications (user_id, kind, content_id, follow_id, event_key, payload, created_at)
           values ($1, 'followed_new_item', $2, $3, $4, '{"title": "An item"}', now() - make_interval(mins => $5))`,
          [reader.userId, item.id, followId, key, minutesAgo],
        ),
      );
    // before the follow existed (seen), and two after
    await withDatabase((db) =>
      db.query("update public.follows set last_seen_at = now() - interval '10 minutes' where id = any ($1)", [
        [itemFollow, searchFollow],
      ]),
    );
    await notify(itemFollow, 'old', 20);
    await notify(itemFollow, 'new-1', 5);
    await notify(itemFollow, 'new-2', 1);
    await notify(searchFollow, 'search-1', 1);
    const counts = async () =>
      Object.fromEntries((await myFollows(reader.client)).map((entry) => [entry.target_type, entry.new_count]));
    expect(await counts()).toEqual({ item: 2, search: 1 });

    expect((await reader.client.rpc('mark_follow_seen', { follow_id: itemFollow })).data).toBe(true);
    expect(await counts()).toEqual({ item: 0, search: 1 });
    const stranger = await signedInAs('user', 'follow-stranger');
    expect((await stranger.client.rpc('mark_follow_seen', { follow_id: searchFollow })).data).toBe(false);
    expect(await counts()).toEqual({ item: 0, search: 1 });
  });

  it('stops at 1,000 follows and 100 saved searches, with clear messages', async () => {
    const reader = await signedInAs('user', 'follow-caps');
    const item = await createTestItem('software', 'capped-item');
    await withDatabase((db) =>
      db.query(
        `insert into public.follows (user_id, target_type, search_query, label)
         select $1, 'search', 'search=capped' || g, 'Capped ' || g from generate_series(1, 100) g`,
        [reader.userId],
      ),
    );
    const search = await followAs(reader.client, 'search', 'search=one%20more', 'One more');
    expect(search.error).toMatchObject({
      message: 'You have 100 saved searches already: remove one before saving another',
    });
    expect(search.status).toBe(400);
    expect((await followAs(reader.client, 'item', item.slug)).error).toBeNull();

    // the table takes what the functions would not (their limits are the functions'): 899 more
    await withDatabase((db) =>
      db.query(
        `insert into public.follows (user_id, target_type, search_query, label)
         select $1, 'search', 'search=more' || g, 'More ' || g from generate_series(1, 899) g`,
        [reader.userId],
      ),
    );
    const field = await followAs(reader.client, 'field', 'chemistry');
    expect(field.error).toMatchObject({
      message: 'You follow 1,000 things already: unfollow some before following more',
    });
    expect((await myFollows(reader.client)).length).toBe(1_000);
  });
});
