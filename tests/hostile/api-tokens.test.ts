import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, visitorAddress, withDatabase } from '../support/auth.ts';
import { expectHealthy } from './hostile-requests.ts';

/**
 * Personal API tokens under attack (server/src/gateway/api-tokens): forged, revoked, expired,
 * banned and other users' tokens, writes by every route, oversized and oddly encoded headers.
 * Every answer is a refusal in PostgREST's shape (401, 403, 429, or Node's 431 for a header past
 * its limit), never a 5xx, a hang or another user's rows; the site stays up.
 */
const backend = inject('backend');

async function newToken(label: string) {
  const user = await signedInAs('user', label);
  const { data, error } = await user.client.rpc('create_api_token', { token_name: label });
  if (error) throw new Error(error.message);
  const { token, id } = data as { token: string; id: string };
  return { user, token, id };
}

async function call(
  authorization: string,
  path = '/rest/v1/scientific_domains?select=slug&limit=1',
  init: { method?: string; body?: string; address?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${backend.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization,
      'x-forwarded-for': init.address ?? visitorAddress(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, text };
}

describe('hostile personal API tokens', () => {
  it('refuses forged, malformed and oddly encoded tokens without a 5xx', async () => {
    const forged = [
      `Bearer sciai_${'a'.repeat(64)}`,
      `Bearer sciai_${'A'.repeat(64)}`,
      `Bearer sciai_${'a'.repeat(63)}`,
      `Bearer sciai_${'a'.repeat(65)}`,
      `Bearer sciai_${'a'.repeat(63)}%00`,
      `Bearer SCIAI_${'a'.repeat(64)}`,
      `bearer    sciai_${'0'.repeat(64)}   `,
      `Bearer sciai_${'é'.repeat(32)}`,
      `Bearer sciai_`,
      `Bearer sciai_${'a'.repeat(8000)}`,
    ];
    for (const header of forged) {
      const answer = await call(header);
      expect(answer.status, header.slice(0, 40)).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'invalid_api_token' });
    }
    // percent-encoded: not a token at all, so PostgREST refuses the bearer as a JWT
    const encoded = await call(`Bearer sciai%5F${'a'.repeat(64)}`, '/rest/v1/scientific_domains?select=slug&limit=1', {
      headers: { apikey: backend.anonKey },
    });
    expect(encoded.status).toBe(401);
    // Basic is no bearer: the request is a visitor's, with the visitor's answer
    const basic = await call(`Basic c2NpYWlf${'a'.repeat(20)}`, '/rest/v1/api_tokens?select=id', {
      headers: { apikey: backend.anonKey },
    });
    expect(basic.status).toBeLessThan(500);
    expect(basic.text).not.toMatch(/"id"/);
    await expectHealthy(backend);
  });

  it('refuses a forged or revoked token on /mcp as on the Data API', async () => {
    const revoked = await newToken('hostile-mcp');
    await revoked.user.client.from('api_tokens').delete().eq('id', revoked.id);
    for (const header of [
      `Bearer sciai_${'b'.repeat(64)}`,
      `Bearer ${revoked.token}`,
      `Bearer sciai_${'b'.repeat(65)}`,
    ]) {
      const answer = await call(header, '/mcp', {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      });
      expect(answer.status, header.slice(0, 30)).toBe(401);
    }
  });

  it('answers a header past the server’s limit with 431, and the site stays up', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${backend.url}/rest/v1/scientific_domains`);
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { authorization: `Bearer sciai_${'a'.repeat(70_000)}`, 'x-forwarded-for': visitorAddress() },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(431);
    await expectHealthy(backend);
  });

  it('counts unknown tokens per address and refuses the flood before it reaches the database', async () => {
    const address = visitorAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 24; n++) {
      const forged = `Bearer sciai_${n.toString(16).padStart(64, 'f')}`;
      statuses.push((await call(forged, '/rest/v1/scientific_domains?select=slug', { address })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(4).fill(429));
    const refused = await fetch(`${backend.url}/rest/v1/scientific_domains?select=slug`, {
      headers: { authorization: `Bearer sciai_${'e'.repeat(64)}`, 'x-forwarded-for': address },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await refused.body?.cancel();
  });

  it('refuses revoked, expired and banned users’ tokens', async () => {
    const revoked = await newToken('hostile-revoked');
    await revoked.user.client.from('api_tokens').delete().eq('id', revoked.id);
    expect((await call(`Bearer ${revoked.token}`)).status).toBe(401);

    const expired = await newToken('hostile-expired');
    expect((await call(`Bearer ${expired.token}`)).status).toBe(200);
    await withDatabase((db) =>
      db.query(
        "update public.api_tokens set created_at = now() - interval '2 days', expires_at = now() - interval '1 second' where id = $1",
        [expired.id],
      ),
    );
    expect((await call(`Bearer ${expired.token}`)).status).toBe(401);

    const banned = await newToken('hostile-banned');
    await withDatabase((db) =>
      db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [banned.user.userId]),
    );
    expect((await call(`Bearer ${banned.token}`)).status).toBe(401);
  });

  it('never reaches another user’s rows', async () => {
    const alice = await newToken('hostile-alice');
    const bob = await newToken('hostile-bob');
    const item = (await bob.user.client.from('content_items').select('id').limit(1).single()).data;
    if (!item) throw new Error('no item');
    await bob.user.client.rpc('save_item', { item_id: item.id });
    const saves = await call(`Bearer ${alice.token}`, `/rest/v1/user_saved_items?user_id=eq.${bob.user.userId}`);
    expect(saves.status).toBe(200);
    expect(JSON.parse(saves.text)).toEqual([]);
    const tokens = await call(`Bearer ${alice.token}`, '/rest/v1/api_tokens?select=id,name');
    expect(JSON.parse(tokens.text)).toEqual([{ id: alice.id, name: 'hostile-alice' }]);
    // a revoke of Bob's token by Alice's token: a write, refused before anything runs
    const revoke = await call(`Bearer ${alice.token}`, `/rest/v1/api_tokens?id=eq.${bob.id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(403);
    expect((await call(`Bearer ${bob.token}`)).status).toBe(200);
  });

  it('refuses writes under every spelling of the path and method', async () => {
    const { token } = await newToken('hostile-writer');
    const writes: Array<[string, string]> = [
      ['POST', '/rest/v1/rpc/save%5Fitem'],
      ['POST', '/rest/v1//rpc/save_item'],
      ['POST', '/rest/v1/rpc/SAVE_ITEM'],
      ['POST', '/rest/v1/rpc/search_items%2F..%2Fsave_item'],
      ['POST', '/rest/v1/rpc/search_items/../save_item'],
      ['POST', '/rest/v1/user_saved_items'],
      ['PATCH', '/rest/v1/user_profiles'],
      ['DELETE', '/rest/v1/user_saved_items'],
      ['PUT', '/rest/v1/user_profiles'],
      ['PROPFIND', '/rest/v1/user_profiles'],
      ['POST', '/rest/v1/'],
    ];
    for (const [method, path] of writes) {
      const answer = await call(`Bearer ${token}`, path, { method, body: '{}' });
      expect([403, 404], `${method} ${path}: ${answer.status} ${answer.text}`).toContain(answer.status);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
    }
    // fetch normalises `..` itself; the exact bytes that reach the gateway are checked above by name
    await expectHealthy(backend);
  });
});
