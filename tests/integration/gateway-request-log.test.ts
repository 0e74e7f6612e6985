import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * What the gateway's log says about requests: one info line per request, and a client that goes
 * away before its answer is not an error (docs/security.md, Logging). Its own backend, so that the
 * log holds only this file's requests, and a function slow enough to walk away from.
 */
describe('the gateway’s request log', () => {
  const engine = inject('engine');
  let backend: Backend;
  let gateway: FastifyInstance;
  let database: TestDatabase | undefined;
  let url = '';
  const lines: LogLine[] = [];
  /** Requests to the slow function the gateway is handling, and errors once their client left. */
  const inFlight = new Set<unknown>();
  const failedAfterLeaving: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', `sciai-request-log-${engine}-`);
    backend = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false },
    );
    await backend.db.pool.query(`
      create function public.request_log_sleep(seconds double precision) returns text
      language sql volatile as $$ select pg_sleep(seconds)::text $$;
      grant execute on function public.request_log_sleep(double precision) to anon;`);
    await backend.postgrest.reloadSchema();
    gateway = await buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      webDist: join(database.dataDir, 'no-web-build'),
      logLevel: 'info',
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    });
    gateway.addHook('onRequest', async (request) => {
      if (request.headers['x-test-walks-away'] === 'yes') inFlight.add(request.id);
    });
    gateway.addHook('onError', async (request, reply, error) => {
      if (inFlight.has(request.id) && reply.raw.destroyed) failedAfterLeaving.push(error);
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const bound = gateway.server.address();
    if (!bound || typeof bound !== 'object') throw new Error('gateway has no address');
    url = `http://127.0.0.1:${bound.port}`;
    // PostgREST reloads its schema cache in the background: wait until it knows the function.
    const deadline = Date.now() + 10_000;
    while ((await callSleep(0)).status !== 200) {
      if (Date.now() > deadline) throw new Error('PostgREST did not pick up request_log_sleep within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    // Fastify's close would wait out the keep-alive connection the walked-away request left (over a minute).
    const closed = gateway?.close();
    gateway?.server.closeAllConnections();
    await closed;
    await backend?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.remove();
  });

  function callSleep(seconds: number, signal?: AbortSignal): Promise<Response> {
    const key = backend.secrets.anonKey;
    return fetch(`${url}/rest/v1/rpc/request_log_sleep`, {
      method: 'POST',
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(signal ? { 'x-test-walks-away': 'yes' } : {}),
      },
      body: JSON.stringify({ seconds }),
      signal,
    });
  }

  /** The lines logged about one request, by its id (fastify's reqId). */
  function linesOf(reqId: unknown): LogLine[] {
    return lines.filter((line) => line.reqId === reqId);
  }

  it('writes one info line for a request: method, path, status, time', async () => {
    const answer = await fetch(`${url}/rest/v1/scientific_domains?select=id&limit=1`, {
      headers: { apikey: backend.secrets.anonKey },
    });
    expect(answer.status).toBe(200);
    // Read to the end: a client that cancels the body while the server still writes it has walked
    // away, and is logged as such.
    await answer.text();
    // The line is written once the answer is done, which the client may see first.
    await until(() => lines.some((line) => line.url === '/rest/v1/scientific_domains?select=id&limit=1'));
    const request = lines.find((line) => line.url === '/rest/v1/scientific_domains?select=id&limit=1');
    expect(linesOf(request?.reqId)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        url: '/rest/v1/scientific_domains?select=id&limit=1',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('leaves a passing health check and a static file out of the info log, not a missing one', async () => {
    for (const path of ['/healthz?from=request-log-test', '/config.js', '/assets/missing-chunk.js']) {
      const answer = await fetch(`${url}${path}`);
      await answer.text();
    }
    // Requests are logged in the order they finish; the last one's line shows the others are done.
    await until(() => lines.some((line) => line.url === '/assets/missing-chunk.js'));
    expect(lines.find((line) => line.url === '/assets/missing-chunk.js')).toMatchObject({ level: 30, status: 404 });
    expect(lines.filter((line) => line.url === '/healthz?from=request-log-test')).toEqual([]);
    expect(lines.filter((line) => line.url === '/config.js')).toEqual([]);
  });

  it('logs a request its client walked away from once, at info, not as a 500 error', async () => {
    const controller = new AbortController();
    const walkedAway = callSleep(2, controller.signal).catch((error: unknown) => error);
    // Walk away once the gateway is waiting for PostgREST.
    await until(() => inFlight.size > 0);
    controller.abort();
    expect(await walkedAway).toBeInstanceOf(Error);
    // PostgREST answers after the 2 s sleep; the gateway can no longer deliver it (the error
    // fastify used to log as a 500).
    await until(() => failedAfterLeaving.length > 0, 30_000);
    const aborted = lines.find((line) => line.msg === 'request aborted by the client');
    expect(aborted).toMatchObject({ level: 30, method: 'POST', url: '/rest/v1/rpc/request_log_sleep' });
    expect(linesOf(aborted?.reqId)).toHaveLength(1);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});

async function until(condition: () => boolean, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
