import { describe, expect, inject, it } from 'vitest';
import { signedInAs, visitor, visitorAddress, withDatabase } from '../support/auth.ts';

/**
 * The bell, the notifications page and the feeds (docs/product.md#notifications-page,
 * #notification-feeds), through supabase-js as the app calls them and over HTTP as a feed reader
 * asks: a user reads and marks only their own notifications, and a feed answers only to a live
 * token.
 */
const backend = inject('backend');
const get = (path: string) =>
  fetch(`${backend.url}${path}`, {
    headers: { 'x-forwarded-for': visitorAddress() },
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });

type User = Awaited<ReturnType<typeof signedInAs>>;

/** Notifications written as the engine writes them (the database owner), oldest first. */
async function notify(userId: string, entries: Array<{ kind: string; payload: Record<string, unknown> }>) {
  return withDatabase(async (db) => {
    const ids: number[] = [];
    for (const [index, entry] of entries.entries()) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.notifications (user_id, kind, event_key, payload) values ($1, $2, $3, $4) returning id`,
        [userId, entry.kind, `test:${index}:${crypto.randomUUID()}`, entry.payload],
      );
      ids.push(Number(rows[0]!.id));
    }
    return ids;
  });
}

interface Page {
  notifications: Array<{ id: number; kind: string; read: boolean; payload: { title: string } }>;
  has_more: boolean;
  unread_count: number;
}

async function myNotifications(user: User, args: { only_unread?: boolean; before_id?: number; page_size?: number }) {
  const { data, error } = await user.client.rpc('my_notifications', args);
  if (error) throw new Error(error.message);
  return data as unknown as Page;
}

async function makeFeed(user: User): Promise<string> {
  const { data, error } = await user.client.rpc('create_notification_feed_token');
  if (error) throw new Error(error.message);
  const { token } = data as { token: string };
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  return token;
}

const entriesOf = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);

describe('notifications in the app', () => {
  it('pages, counts, filters and marks the signed-in user’s own notifications only', async () => {
    const [reader, other] = await Promise.all([signedInAs('user', 'inbox-reader'), signedInAs('user', 'inbox-other')]);
    const ids = await notify(
      reader.userId,
      Array.from({ length: 5 }, (_, n) => ({ kind: 'item_release', payload: { title: `Tool ${n}`, path: '/tool/x' } })),
    );
    const [theirs] = await notify(other.userId, [
      { kind: 'item_archived', payload: { title: 'Theirs', path: '/tool/y' } },
    ]);

    const first = await myNotifications(reader, { page_size: 2 });
    expect(first.notifications.map((entry) => entry.payload.title)).toEqual(['Tool 4', 'Tool 3']);
    expect(first).toMatchObject({ has_more: true, unread_count: 5 });
    const rest = await myNotifications(reader, { page_size: 10, before_id: first.notifications[1]!.id });
    expect(rest.notifications.map((entry) => entry.payload.title)).toEqual(['Tool 2', 'Tool 1', 'Tool 0']);
    expect(rest.has_more).toBe(false);

    // the entry's link marks it read; another user's ids change nothing
    expect((await reader.client.rpc('mark_notifications', { ids: [ids[4]!, theirs!] })).data).toBe(1);
    expect((await reader.client.rpc('unread_notification_count')).data).toBe(4);
    const unread = await myNotifications(reader, { only_unread: true });
    expect(unread.notifications.map((entry) => entry.payload.title)).toEqual(['Tool 3', 'Tool 2', 'Tool 1', 'Tool 0']);
    expect((await reader.client.rpc('mark_notifications', {})).data).toBe(4);
    expect(await myNotifications(reader, { only_unread: true })).toEqual({
      notifications: [],
      has_more: false,
      unread_count: 0,
    });

    // the other user's row is theirs alone, in the table as through the functions, and still unread
    const visible = await reader.client.from('notifications').select('id');
    expect(visible.data?.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect((await myNotifications(other, {})).notifications.map((entry) => entry.payload.title)).toEqual(['Theirs']);
    expect((await other.client.rpc('unread_notification_count')).data).toBe(1);
    const anonymous = await visitor().rpc('my_notifications', {});
    expect(anonymous.error?.code).toMatch(/42501/);
  });
});

describe('the private feed', () => {
  it('is made, rotated and revoked by its owner, and kept only as a hash', async () => {
    const owner = await signedInAs('user', 'feed-owner');
    const before = await owner.client.from('notification_feed_tokens').select('created_at');
    expect(before.error).toBeNull();
    expect(before.data).toEqual([]);
    const first = await makeFeed(owner);
    const status = await owner.client.from('notification_feed_tokens').select('user_id, created_at');
    expect(status.data).toEqual([{ user_id: owner.userId, created_at: expect.any(String) }]);
    expect((await owner.client.from('notification_feed_tokens').select('token_hash')).error?.message).toMatch(
      /permission denied/,
    );
    const stored = await withDatabase((db) =>
      db.query<{ row: string }>(
        'select row_to_json(t)::text as row from public.notification_feed_tokens t where user_id = $1',
        [owner.userId],
      ),
    );
    expect(stored.rows[0]?.row).not.toContain(first);
    expect((await get(`/feeds/notifications/${first}.atom`)).status).toBe(200);

    const second = await makeFeed(owner);
    expect(second).not.toBe(first);
    expect((await get(`/feeds/notifications/${first}.atom`)).status).toBe(404);
    expect((await get(`/feeds/notifications/${second}.atom`)).status).toBe(200);

    expect((await owner.client.rpc('revoke_notification_feed_token')).data).toBe(true);
    expect((await owner.client.rpc('revoke_notification_feed_token')).data).toBe(false);
    const revoked = await get(`/feeds/notifications/${second}.atom`);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('cache-control')).toBe('no-store');
    expect((await visitor().rpc('create_notification_feed_token')).error?.code).toBe('42501');
    expect((await owner.client.rpc('notification_feed', { presented_hash: '\\x00' })).error).not.toBeNull();
  });

  it('lists the owner’s newest notifications as the app words them, escaped, never cached by others', async () => {
    const [owner, other] = await Promise.all([signedInAs('user', 'feed-reader'), signedInAs('user', 'feed-stranger')]);
    await notify(owner.userId, [
      {
        kind: 'item_review',
        payload: { title: 'Fold <b>&</b> "Co"', path: '/tool/alphafold?tab=reviews', person: 'Ada', rating: 4 },
      },
      { kind: 'item_release', payload: { title: 'AlphaFold', path: '/tool/alphafold', version: 'v3.0' } },
      // not the payload's shape: left out, as the app leaves it out
      { kind: 'item_release', payload: { title: 'Elsewhere', path: 'https://evil.example/' } },
    ]);
    await notify(other.userId, [{ kind: 'item_archived', payload: { title: 'Not yours', path: '/tool/x' } }]);
    const token = await makeFeed(owner);
    await makeFeed(other);

    const response = await get(`/feeds/notifications/${token}.atom`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const xml = await response.text();
    expect(xml).not.toContain(token);
    expect(xml).toContain('<title>SciAI — your notifications</title>');
    expect(xml).toMatch(/<id>urn:uuid:[0-9a-f-]{36}<\/id>/);
    const entries = entriesOf(xml);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('<title>AlphaFold released v3.0</title>');
    expect(entries[0]).toContain(`href="${backend.url}/tool/alphafold"`);
    expect(entries[1]).toContain(
      '<title>New review of Fold &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot; by Ada (4/5)</title>',
    );
    expect(entries[1]).toContain(`href="${backend.url}/tool/alphafold?tab=reviews"`);
    expect(xml).not.toContain('Not yours');
    expect(xml).not.toContain('evil.example');

    for (const path of [
      `/feeds/notifications/${'0'.repeat(64)}.atom`,
      `/feeds/notifications/${token.toUpperCase()}.atom`,
      `/feeds/notifications/${token}`,
      `/feeds/notifications/${token}.xml`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('the saved-search feed', () => {
  it('lists the newest items matching a browse query, under its canonical address', async () => {
    const response = await get('/feeds/search.atom?sort=alphabetical&view=list&search=protein&type=software');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await response.text();
    expect(xml).toContain('<title>SciAI — newest for Software &amp; Tools, Search: protein</title>');
    expect(xml).toContain(
      `<link rel="self" type="application/atom+xml" href="${backend.url}/feeds/search.atom?search=protein&amp;type=software"/>`,
    );
    expect(xml).toContain(`href="${backend.url}/browse?search=protein&amp;type=software"`);
    const entries = entriesOf(xml);
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((entry) => /<id>[^<]+\/tool\/[a-z0-9-]+<\/id>/.test(entry))).toBe(true);
    const published = entries.map((entry) => Date.parse(/<published>([^<]+)<\/published>/.exec(entry)![1]!));
    expect(published.every((time) => Number.isFinite(time))).toBe(true);

    // the whole query or nothing: no page filled with items matching some of the words
    const none = await (await get('/feeds/search.atom?search=protein%20zzqxwv%20%3Cscript%3E%26')).text();
    expect(entriesOf(none)).toEqual([]);
    expect(none).toContain('Search: protein zzqxwv &lt;script&gt;&amp;');

    const browse = await (await get('/browse?search=protein&sort=recent')).text();
    expect(browse).toContain(
      `<link rel="alternate" type="application/atom+xml" title="SciAI — newest for Search: protein" href="${backend.url}/feeds/search.atom?search=protein" />`,
    );
    expect((await get(`/feeds/search.atom?search=${'a'.repeat(2_001)}`)).status).toBe(414);
  });
});
