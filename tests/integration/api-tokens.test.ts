import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, visitorAddress, withDatabase } from '../support/auth.ts';

/**
 * Personal API tokens (docs/decisions/0041-personal-api-tokens.md): made with supabase-js as the
 * Settings page makes them, then used the way a script does, with nothing but
 * `Authorization: Bearer sciai_…`: reads as the user, a limit of its own, never a write.
 */
const backend = inject('backend');

interface CreatedToken {
  id: string;
  name: string;
  token: string;
  token_prefix: string;
  expires_at: string | null;
}

async function createToken(user: Awaited<ReturnType<typeof signedInAs>>, name: string, days: number | null = 30) {
  const { data, error } = await user.client.rpc('create_api_token', {
    token_name: name,
    ...(days === null ? { expires_in_days: undefined } : { expires_in_days: days }),
  });
  if (error) throw new Error(error.message);
  return data as unknown as CreatedToken;
}

/** A request as a script sends it: the token alone, from an address of its own. */
function withToken(token: string, path: string, init: { method?: string; body?: unknown; address?: string } = {}) {
  return fetch(`${backend.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': init.address ?? visitorAddress(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(20_000),
  });
}

describe('personal API tokens', () => {
  it('is shown once, kept only as its SHA-256, and listed without it', async () => {
    const user = await signedInAs('user', 'token-owner');
    const created = await createToken(user, 'Notebook');
    expect(created.token).toMatch(/^sciai_[0-9a-f]{64}$/);
    expect(created.token_prefix).toBe(created.token.slice(0, 10));
    expect(created.name).toBe('Notebook');

    const listed = await user.client.from('api_tokens').select('id, name, token_prefix, last_used_at, expires_at');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      {
        id: created.id,
        name: 'Notebook',
        token_prefix: created.token_prefix,
        last_used_at: null,
        expires_at: created.expires_at,
      },
    ]);
    // not even its owner reads the hash
    const hash = await user.client.from('api_tokens').select('token_hash');
    expect(hash.error?.message).toMatch(/permission denied/);

    const stored = await withDatabase((db) =>
      db.query<{ token_hash: Buffer; row: string }>(
        'select token_hash, row_to_json(t)::text as row from public.api_tokens t where id = $1',
        [created.id],
      ),
    );
    expect(stored.rows[0]?.token_hash.equals(createHash('sha256').update(created.token).digest())).toBe(true);
    expect(stored.rows[0]?.row).not.toContain(created.token.slice(6));
  });

  it('reads as its user: the public API and the user’s own rows, with the token’s rate limit', async () => {
    const owner = await signedInAs('user', 'token-reader');
    const other = await signedInAs('user', 'token-other');
    const search = await withToken('sciai_' + '0'.repeat(64), '/rest/v1/rpc/search_items', { body: {} });
    expect(search.status).toBe(401);

    const items = await owner.client.from('content_items').select('id, slug').limit(2);
    const [mine, theirs] = items.data ?? [];
    if (!mine || !theirs) throw new Error('the catalog has fewer than two items');
    expect((await owner.client.rpc('save_item', { item_id: mine.id })).error).toBeNull();
    expect((await other.client.rpc('save_item', { item_id: theirs.id })).error).toBeNull();
    const { token } = await createToken(owner, 'Script');

    const saved = await withToken(token, '/rest/v1/user_saved_items?select=content_id,user_id');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual([{ content_id: mine.id, user_id: owner.userId }]);
    expect(saved.headers.get('ratelimit-policy')).toBe('"token";q=600;w=60');
    expect(saved.headers.get('ratelimit')).toMatch(/^"token";r=599;t=\d+$/);

    const results = await withToken(token, '/rest/v1/rpc/search_items', { body: { search: '', page_size: 3 } });
    expect(results.status).toBe(200);
    const body = (await results.json()) as { items: unknown[]; total: number };
    expect(body.items.length).toBe(3);

    const library = await withToken(token, '/rest/v1/rpc/library_items', { body: {} });
    expect(library.status).toBe(200);
    expect(JSON.stringify(await library.json())).toContain(mine.slug);
  });

  it('refuses every write with 403, even ones the user may make in the browser', async () => {
    const user = await signedInAs('user', 'token-writer');
    const { token } = await createToken(user, 'Read only');
    const item = (await user.client.from('content_items').select('id').limit(1).single()).data;
    if (!item) throw new Error('no item');
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/rest/v1/rpc/save_item', { item_id: item.id }],
      ['POST', '/rest/v1/rpc/unsave_item', { item_id: item.id }],
      ['POST', '/rest/v1/rpc/create_api_token', { token_name: 'More' }],
      ['POST', '/rest/v1/rpc/delete_my_account', { _confirmation: 'DELETE' }],
      ['POST', '/rest/v1/rpc/record_item_view', { item_slug: 'x' }],
      ['POST', '/rest/v1/user_saved_items', { content_id: item.id, user_id: user.userId }],
      ['POST', '/rest/v1/content_submissions', { title: 'x' }],
      ['PATCH', `/rest/v1/user_profiles?id=eq.${user.userId}`, { display_name: 'Changed' }],
      ['PUT', `/rest/v1/user_profiles?id=eq.${user.userId}`, { id: user.userId }],
      ['DELETE', '/rest/v1/api_tokens?id=not.is.null', undefined],
      ['DELETE', '/rest/v1/user_saved_items?user_id=not.is.null', undefined],
    ];
    for (const [method, path, body] of writes) {
      const answer = await withToken(token, path, { method, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'read_only_token' });
    }
    const tokens = await user.client.from('api_tokens').select('id');
    expect(tokens.data).toHaveLength(1);
    const profile = await user.client.from('user_profiles').select('display_name').eq('id', user.userId).single();
    expect(profile.data?.display_name).not.toBe('Changed');
  });

  it('stamps its last use at most once a minute, and stops at once when revoked', async () => {
    const user = await signedInAs('user', 'token-revoker');
    const created = await createToken(user, 'Short lived');
    const lastUsed = async () =>
      (await user.client.from('api_tokens').select('last_used_at').eq('id', created.id).single()).data?.last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await withToken(created.token, '/rest/v1/scientific_domains?select=slug&limit=1')).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await withToken(created.token, '/rest/v1/scientific_domains?select=slug&limit=1')).status).toBe(200);
    expect(await lastUsed()).toBe(first);

    const revoked = await user.client.from('api_tokens').delete().eq('id', created.id).select('id');
    expect(revoked.data).toEqual([{ id: created.id }]);
    const after = await withToken(created.token, '/rest/v1/scientific_domains?select=slug&limit=1');
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'invalid_api_token' });
  });

  it('allows ten tokens a user and checks name and expiry', async () => {
    const user = await signedInAs('user', 'token-collector');
    for (let n = 1; n <= 10; n++) await createToken(user, `Token ${n}`, n % 2 ? 7 : null);
    const eleventh = await user.client.rpc('create_api_token', { token_name: 'One more' });
    expect(eleventh.error?.message).toBe('You have 10 API tokens already: revoke one first');
    const unnamed = await user.client.rpc('create_api_token', { token_name: '   ' });
    expect(unnamed.error?.message).toBe('Token name must be 1 to 60 characters');
    const odd = await user.client.rpc('create_api_token', { token_name: 'x', expires_in_days: 3 });
    expect(odd.error?.message).toMatch(/Expiry must be/);
    const visitor = await fetch(`${backend.url}/rest/v1/rpc/create_api_token`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(),
      },
      body: JSON.stringify({ token_name: 'Anonymous' }),
    });
    expect(visitor.status).toBe(401);
  });

  it('opens /mcp as its user, counted under the token’s limit', async () => {
    const user = await signedInAs('user', 'token-agent');
    const { token } = await createToken(user, 'Agent');
    const answer = await fetch(`${backend.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        'x-forwarded-for': visitorAddress(),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_catalog', arguments: { query: 'protein' } },
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toBe('"token";q=600;w=60');
    const result = (await answer.json()) as { result?: { isError?: boolean } };
    expect(result.result?.isError).not.toBe(true);
  });
});

describe('RateLimit header fields', () => {
  it('tell a visitor the endpoint’s quota, what is left and when it resets', async () => {
    const address = visitorAddress();
    const ask = () =>
      fetch(`${backend.url}/rest/v1/scientific_domains?select=slug&limit=1`, {
        headers: { apikey: backend.anonKey, 'x-forwarded-for': address },
      });
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"endpoint";q=100;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"endpoint";r=99;t=([1-9]|[1-5]\d|60)$/);
    const second = await ask();
    expect(second.headers.get('ratelimit')).toMatch(/^"endpoint";r=98;t=\d+$/);
  });
});
