import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { signedInAs } from '../support/auth.ts';

/**
 * docs/product.md#rate-limits: 100 requests per minute per client address per endpoint (method + path). Each test
 * speaks from an address of its own (TEST-NET-2, 198.51.100.0/24, and random ones), passed in
 * X-Forwarded-For as the proxy the test backend trusts (TRUST_PROXY=loopback) would.
 */
const LIMIT = 100;
const address = () => `198.51.${randomInt(256)}.${1 + randomInt(254)}`;

async function get(baseUrl: string, path: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers });
}

/** `count` requests, ten at a time; the statuses in order of sending. */
async function burst(count: number, send: (index: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => send(start + offset));
    for (const response of await Promise.all(batch)) {
      statuses.push(response.status);
      await response.body?.cancel();
    }
  }
  return statuses;
}

describe('the general rate limit on the shared backend', () => {
  const backend = inject('backend');
  const keyed = (ip: string) => ({ apikey: backend.anonKey, 'x-forwarded-for': ip });

  it('answers the 101st request a minute to one endpoint with 429, a JSON message and Retry-After', async () => {
    const ip = address();
    const statuses = await burst(LIMIT, (index) =>
      get(backend.url, `/rest/v1/scientific_domains?select=id&limit=1&offset=${index % 3}`, keyed(ip)),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);

    // Another query string is the same endpoint.
    const refused = await get(backend.url, '/rest/v1/scientific_domains?select=name', keyed(ip));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const body: unknown = await refused.json();
    expect(body).toMatchObject({
      code: 'over_request_rate_limit',
      message: expect.stringMatching(/at most 100 per minute/),
    });

    // Another endpoint (path, or method) and another address still get through.
    expect((await get(backend.url, '/rest/v1/content_items?select=id&limit=1', keyed(ip))).status).toBe(200);
    const head = await fetch(`${backend.url}/rest/v1/scientific_domains?select=id`, {
      method: 'HEAD',
      headers: keyed(ip),
    });
    expect(head.status).toBe(200);
    expect((await get(backend.url, '/rest/v1/scientific_domains?select=id', keyed(address()))).status).toBe(200);
  });

  it('limits /auth/v1 the same way, answering in GoTrue’s shape', async () => {
    const ip = address();
    const statuses = await burst(LIMIT, () => get(backend.url, '/auth/v1/settings', keyed(ip)));
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);
    const refused = await get(backend.url, '/auth/v1/settings', keyed(ip));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: expect.stringMatching(/Too many requests/),
    });
  });

  it('does not count calls carrying the service-role key (the CLI), from any address', async () => {
    const path = '/rest/v1/scientific_domains?select=id&limit=1';
    const ip = address();
    const key = backend.serviceRoleKey;
    const statuses = await burst(LIMIT + 10, () =>
      get(backend.url, path, { apikey: key, authorization: `Bearer ${key}`, 'x-forwarded-for': ip }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});

/**
 * One backend, three gateways: one trusting no proxy, two trusting loopback and sharing one
 * Redis, as several gateways behind a load balancer would.
 */
describe('gateways with and without a trusted proxy, and sharing Redis', () => {
  const engine = inject('engine');
  let backend: Backend;
  let dataDir: string;
  let database: TestDatabase | undefined;
  const gateways: FastifyInstance[] = [];
  const urls: { untrusted: string; first: string; second: string } = { untrusted: '', first: '', second: '' };

  async function listen(trustProxy: false | string[], redisUrl: string | undefined): Promise<string> {
    const gateway = await buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      webDist: join(dataDir, 'no-web-build'),
      logLevel: 'warn',
      trustProxy,
      redisUrl,
    });
    gateways.push(gateway);
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const bound = gateway.server.address();
    if (!bound || typeof bound !== 'object') throw new Error('gateway has no address');
    return `http://127.0.0.1:${bound.port}`;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', `sciai-limits-${engine}-`);
    dataDir = database.dataDir;
    // No timers (trending, retention, maintenance, open-data files): none is what these tests count.
    backend = await startBackend(
      { dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false },
    );
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    urls.untrusted = await listen(false, undefined);
    urls.first = await listen(['loopback'], redisUrl);
    urls.second = await listen(['loopback'], redisUrl);
  });

  afterAll(async () => {
    // Fastify's close would wait out a keep-alive connection a request left (72 s).
    for (const gateway of gateways) {
      const closed = gateway.close();
      gateway.server.closeAllConnections();
      await closed;
    }
    await backend?.stop();
    await database?.remove(); // waits for the backend's sessions to end before dropping
  });

  it('ignores X-Forwarded-For when no proxy is trusted: every claimed address is this one', async () => {
    const path = '/rest/v1/scientific_domains?select=id';
    const headers = () => ({ apikey: backend.secrets.anonKey, 'x-forwarded-for': address() });
    const statuses = await burst(LIMIT, () => get(urls.untrusted, path, headers()));
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect((await get(urls.untrusted, path, headers())).status).toBe(429);
  });

  it('counts one client across two gateways sharing Redis', async () => {
    const ip = address();
    const headers = { apikey: backend.secrets.anonKey, 'x-forwarded-for': ip };
    const path = '/rest/v1/content_items?select=id&limit=1';
    const statuses = await burst(LIMIT, (index) => get(index % 2 === 0 ? urls.first : urls.second, path, headers));
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect((await get(urls.first, path, headers)).status).toBe(429);
    expect((await get(urls.second, path, headers)).status).toBe(429);
    // Another client of the same gateways is not affected.
    expect((await get(urls.second, path, { ...headers, 'x-forwarded-for': address() })).status).toBe(200);
  });

  it('shares the auth service’s 5 sign-ins a minute per e-mail and address between the gateways', async () => {
    const email = `shared-limit-${randomInt(1e9)}@example.org`;
    const ip = address();
    const signIn = (url: string) =>
      fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: backend.secrets.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: 'not the password' }),
      });
    const statuses: number[] = [];
    for (const url of [urls.first, urls.second, urls.first, urls.second, urls.first])
      statuses.push((await signIn(url)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Each gateway alone has seen at most 3 of them; together they have seen 5.
    const refused = await signIn(urls.second);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
  });

  it('shares the 5 reauthentication codes a minute per user between the gateways', async () => {
    const target = {
      url: urls.first,
      anonKey: backend.secrets.anonKey,
      dataDir,
      connectionString: backend.db.connectionString,
    };
    const user = await signedInAs('user', 'shared-reauth', target);
    // A new address each time: only the per-user count can refuse.
    const ask = (url: string) =>
      fetch(`${url}/auth/v1/reauthenticate`, {
        headers: {
          apikey: backend.secrets.anonKey,
          authorization: `Bearer ${user.session.access_token}`,
          'x-forwarded-for': address(),
        },
      });
    const statuses: number[] = [];
    for (const url of [urls.first, urls.second, urls.first, urls.second, urls.first])
      statuses.push((await ask(url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await ask(urls.second);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
  });
});
