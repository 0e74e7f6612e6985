import { describe, expect, inject, it } from 'vitest';
import { signedInAs, visitorAddress, withDatabase } from '../support/auth.ts';
import { expectHealthy } from './hostile-requests.ts';

/**
 * The Atom feeds under attack (docs/product.md#notification-feeds): forged, odd and huge private
 * feed tokens, another user's feed, a banned user's, a personal API token making a feed, and
 * hostile saved-search queries (deep, huge, oddly encoded). Every answer is a 404, a 414 or a
 * feed that says only what it should, never a 5xx or a hang; the site stays up.
 */
const backend = inject('backend');

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.url}${path}`, {
    headers: { 'x-forwarded-for': visitorAddress(), ...headers },
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function userWithFeed(label: string, title: string) {
  const user = await signedInAs('user', label);
  await withDatabase((db) =>
    db.query(
      `insert into public.notifications (user_id, kind, event_key, payload) values ($1, 'item_archived', $2, $3)`,
      [user.userId, `hostile:${label}`, { title, path: '/tool/alphafold' }],
    ),
  );
  const { data, error } = await user.client.rpc('create_notification_feed_token');
  if (error) throw new Error(error.message);
  return { user, token: (data as { token: string }).token };
}

describe('hostile private feeds', () => {
  it('answers 404 (or 414 past the router’s length) to forged, odd and huge tokens', async () => {
    const { token } = await userWithFeed('feed-victim', 'Victim secret');
    const hash = await withDatabase(async (db) => {
      const { rows } = await db.query<{ hash: string }>(
        `select encode(token_hash, 'hex') as hash from public.notification_feed_tokens where token_hash = sha256(convert_to($1, 'UTF8'))`,
        [token],
      );
      return rows[0]!.hash;
    });
    const paths = [
      `/feeds/notifications/${hash}.atom`, // the stored hash is not a token
      `/feeds/notifications/${token.toUpperCase()}.atom`,
      `/feeds/notifications/${token.slice(1)}.atom`,
      `/feeds/notifications/${token}0.atom`,
      `/feeds/notifications/${token}%00.atom`,
      `/feeds/notifications/${token}.atom%00`,
      `/feeds/notifications/${token.slice(0, 62)}%2e%2e.atom`,
      `/feeds/notifications/..%2f..%2fhealthz`,
      `/feeds/notifications/%2F${token}.atom`,
      `/feeds/notifications/${'é'.repeat(32)}.atom`,
      `/feeds/notifications/'%20or%201=1--.atom`,
      `/feeds/notifications/.atom`,
      `/feeds/notifications/`,
      `/feeds/notifications/${'a'.repeat(1_500)}.atom`,
    ];
    for (const path of paths) {
      const answer = await get(path);
      expect(answer.status, path.slice(0, 80)).toBe(404);
      expect(answer.text).not.toContain('Victim secret');
    }
    // not percent-encoding at all: refused before any route
    expect((await get(`/feeds/notifications/${'%ZZ'.repeat(10)}.atom`)).status).toBe(400);
    // past the router's limit on a path segment: too long to read at all
    expect((await get(`/feeds/notifications/${'a'.repeat(5_000)}.atom`)).status).toBe(414);
    expect((await get(`/feeds/notifications/${token}.atom`)).text).toContain('Victim secret');
    await expectHealthy(backend);
  });

  it('gives no user another’s feed, nor a feed to a banned user, a visitor or an API token', async () => {
    const owner = await userWithFeed('feed-mine', 'Mine only');
    const other = await userWithFeed('feed-theirs', 'Theirs only');
    const mine = await get(`/feeds/notifications/${owner.token}.atom`);
    expect(mine.text).toContain('Mine only');
    expect(mine.text).not.toContain('Theirs only');

    // the lookup is the gateway's alone; the other user's hash gets nobody anything
    const theirHash = await withDatabase(async (db) => {
      const { rows } = await db.query<{ hash: string }>(
        `select '\\x' || encode(token_hash, 'hex') as hash from public.notification_feed_tokens where user_id = $1`,
        [other.user.userId],
      );
      return rows[0]!.hash;
    });
    const lookup = await owner.user.client.rpc('notification_feed', { presented_hash: theirHash });
    expect(lookup.error?.code).toMatch(/42501|PGRST202/);
    expect(JSON.stringify(lookup.data ?? null)).not.toContain('Theirs only');
    // revoking is one's own: the other feed still answers
    expect((await owner.user.client.rpc('revoke_notification_feed_token')).data).toBe(true);
    expect((await get(`/feeds/notifications/${other.token}.atom`)).status).toBe(200);
    expect((await get(`/feeds/notifications/${owner.token}.atom`)).status).toBe(404);

    // a banned account's feed stops with it
    await withDatabase((db) =>
      db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [other.user.userId]),
    );
    expect((await get(`/feeds/notifications/${other.token}.atom`)).status).toBe(404);

    // a personal API token only reads: it may not make a feed address
    const reader = await signedInAs('user', 'feed-api-token');
    const created = await reader.client.rpc('create_api_token', { token_name: 'Feeds' });
    const apiToken = (created.data as { token: string }).token;
    const byToken = await fetch(`${backend.url}/rest/v1/rpc/create_notification_feed_token`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiToken}`,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(),
      },
      body: '{}',
      signal: AbortSignal.timeout(15_000),
    });
    expect(byToken.status).toBe(403);
    await byToken.body?.cancel();
    const anonymous = await fetch(`${backend.url}/rest/v1/rpc/create_notification_feed_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: '{}',
      signal: AbortSignal.timeout(15_000),
    });
    expect([401, 403]).toContain(anonymous.status);
    await anonymous.body?.cancel();
    await expectHealthy(backend);
  });
});

describe('hostile saved-search feeds', () => {
  it('reads any query as a browse query: escaped, bounded, never a 5xx', async () => {
    const queries = [
      'search=%5D%5D%3E%3C%2Ftitle%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'search=%00%01%02%1f&within=%EF%BF%BE',
      'search=%ZZ%E0%A4%A&domain=%C0%AE',
      'search[a][b][c][d]=1&domain[][]=x&type[0]=software',
      `search=${'('.repeat(150)}${')'.repeat(49)}`,
      `domain=${Array.from({ length: 300 }, (_, n) => `d${n}`).join(',')}`,
      Array.from({ length: 140 }, () => 'type=software').join('&'),
      'year_from=-1e309&year_to=NaN&sort=%3Bdrop%20table&view=%00',
      `operation=${'x'.repeat(1_900)}`,
      `input=${encodeURIComponent('"or"-'.repeat(100))}`,
      'search=%25252525252e%25252e',
      `search=${encodeURIComponent('🧬'.repeat(100))}`,
      'feature=rated_4_up&feature=nope&health=maintained&size=%F0%9F',
    ];
    for (const query of queries) {
      const answer = await get(`/feeds/search.atom?${query}`);
      expect(answer.status, query.slice(0, 60)).toBe(200);
      expect(answer.text.trimEnd().endsWith('</feed>'), query.slice(0, 60)).toBe(true);
      expect(answer.text).not.toMatch(/<script|]]>/i);
      // eslint-disable-next-line no-control-regex
      expect(answer.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    }
    const escaped = await get(`/feeds/search.atom?${queries[0]}`);
    expect(escaped.text).toContain('Search: ]]&gt;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');

    expect((await get(`/feeds/search.atom?search=${'a'.repeat(5_000)}`)).status).toBe(414);
    expect((await get(`/feeds/search.atom?${'domain=x&'.repeat(400)}`)).status).toBe(414);
    await expectHealthy(backend);
  });
});
