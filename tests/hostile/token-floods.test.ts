import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { visitorAddress } from '../support/clients.ts';
import { expectHealthy } from './hostile-requests.ts';

/**
 * A flood of refused personal API tokens (server/src/gateway/api-tokens) and what it may do to the
 * security log (server/src/security/event-recorder.ts): the refusals are rate limited like any
 * request, and one address's refusals cannot use up the log's room for everyone else's.
 */
const backend = inject('backend');

async function get(path: string, address: string, authorization?: string) {
  const response = await fetch(`${backend.url}${path}`, {
    headers: { 'x-forwarded-for': address, ...(authorization ? { authorization } : {}) },
    signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  return response;
}

/** Events are written after the answer; waits until the query finds `count` rows or 10 s pass. */
async function eventsAt(pathPattern: string, count: number): Promise<Array<{ path: string; client_hash: string }>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await withDatabase((db) =>
      db.query<{ path: string; client_hash: string }>(
        'select path, client_hash from public.security_events where path like $1 order by id',
        [pathPattern],
      ),
    );
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a flood of refused API tokens', () => {
  it('is answered 429 with Retry-After once an address has had its refusals for the minute', async () => {
    const address = visitorAddress();
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let n = 0; n < 30; n++) {
      // a different endpoint each time: the per-endpoint count alone would never refuse these
      const response = await get(`/rest/v1/probe_${n}?select=id`, address, 'Bearer sciai_bad');
      statuses.push(response.status);
      if (response.status === 429) retryAfter = Number(response.headers.get('retry-after'));
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    expect(retryAfter).toBeGreaterThan(0);
    // the same on /mcp, which takes tokens too
    const mcp = await fetch(`${backend.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sciai_bad',
        'x-forwarded-for': address,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(429);
    await mcp.body?.cancel();
  });

  it('cannot keep another address’s refusal out of the security log', async () => {
    const run = randomUUID().slice(0, 8);
    const flooder = visitorAddress();
    // 700 refusals on 700 paths (each a distinct event), more than the whole log's budget a minute
    for (let sent = 0; sent < 700; sent += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          get(`/rest/v1/flood_${run}_${sent + n}?select=id`, flooder, 'Bearer sciai_bad'),
        ),
      );
    }
    // right after, another visitor's refused read (401 for want of a key)
    const probe = `/rest/v1/probe_${run}`;
    expect((await get(`${probe}?select=id`, visitorAddress())).status).toBe(401);

    const [recorded] = await eventsAt(probe, 1);
    expect(recorded?.path).toBe(probe);
    // the flood itself left a bounded number of rows, all of one client
    const flood = await eventsAt(`/rest/v1/flood_${run}_%`, 1);
    expect(flood.length).toBeGreaterThan(0);
    expect(flood.length).toBeLessThan(100);
    expect(new Set(flood.map((event) => event.client_hash)).size).toBe(1);
    expect(flood[0]?.client_hash).not.toBe(recorded?.client_hash);
    await expectHealthy(backend);
  });
});
