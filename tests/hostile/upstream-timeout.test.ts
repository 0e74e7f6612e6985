import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, serveGateway, type ServedGateway, type TestDatabase } from '../support/backend.ts';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * The gateway's last line: a Data API call that PostgREST has not answered in time (15 s unless
 * DATA_API_TIMEOUT_SECONDS says otherwise; 2 s for this gateway) gets a 504 in PostgREST's shape,
 * and the upstream request is closed; an MCP tool's catalog call gets the same time. Needs a statement slower than anything the limits let
 * through, so this backend gets a function that sleeps (its own database, not the shared one).
 */
const TIMEOUT_MS = 2_000;
const SLEEP_SECONDS = 6;

describe('the gateway’s time limit for the Data API', () => {
  const engine = inject('engine');
  let backend: Backend;
  let gateway: ServedGateway | undefined;
  let dataDir: string;
  let database: TestDatabase | undefined;
  let url = '';

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', `sciai-request-limits-${engine}-`);
    dataDir = database.dataDir;
    backend = await startBackend({ dataDir, databaseUrl: database.databaseUrl }, { seedSampleCatalog: false });
    // On PostgreSQL anon's statement timeout (3 s) would end the sleep before the gateway's
    // limit. This database's per-request check gives the sleep a minute instead, as the real one
    // does for imports, so what is tested is the gateway's own limit.
    await backend.db.pool.query(`
      create function public.hostile_sleep(seconds double precision) returns text
      language sql volatile as $$ select pg_sleep(seconds)::text $$;
      grant execute on function public.hostile_sleep(double precision) to anon;
      alter function public.check_request_session() rename to check_request_session_as_shipped;
      create function public.check_request_session() returns void
      language plpgsql volatile security definer set search_path = '' as $fn$
      begin
        perform public.check_request_session_as_shipped();
        if current_setting('request.path', true) = '/rpc/hostile_sleep' then
          perform set_config('statement_timeout', '60s', true);
        end if;
        -- an MCP tool's catalog call, made slow the same way (get_item reads item_details)
        if current_setting('request.path', true) = '/rpc/item_details' then
          perform set_config('statement_timeout', '60s', true);
          perform pg_sleep(${SLEEP_SECONDS});
        end if;
      end $fn$;
      grant execute on function public.check_request_session() to anon, authenticated, service_role;`);
    await backend.postgrest.reloadSchema();
    // As an operator sets it (README, Configuration); the gateway reads it when it is built.
    process.env.DATA_API_TIMEOUT_SECONDS = String(TIMEOUT_MS / 1000);
    try {
      gateway = await serveGateway(backend, { webDist: join(dataDir, 'no-web-build') });
    } finally {
      delete process.env.DATA_API_TIMEOUT_SECONDS;
    }
    url = gateway.url;
    // PostgREST reloads its schema cache in the background: wait until it knows the function.
    const target = { url, anonKey: backend.secrets.anonKey };
    const deadline = Date.now() + 10_000;
    while ((await send(target, '/rest/v1/rpc/hostile_sleep', { body: '{"seconds":0}' })).status !== 200) {
      if (Date.now() > deadline) throw new Error('PostgREST did not pick up hostile_sleep within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await gateway?.close();
    await backend?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.remove();
  });

  it(
    'answers 504 with a PostgREST-shaped error once its time limit is up and gives the database back',
    { timeout: 60_000 },
    async () => {
      const target = { url, anonKey: backend.secrets.anonKey };
      const answer = await send(target, '/rest/v1/rpc/hostile_sleep', {
        body: JSON.stringify({ seconds: SLEEP_SECONDS }),
        waitMs: 30_000,
      });
      expect(answer.status).toBe(504);
      expect(answer.body).toMatchObject({
        code: 'SCIAI504',
        message: expect.stringMatching(/within 2 seconds/),
        details: null,
      });
      // Not before the limit; how soon after it on a loaded machine is not a test's to time (the
      // 504 itself says the gateway, not the 6 s statement, ended the request).
      expect(answer.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);

      if (engine === 'postgres') {
        // Other sessions serve on while the statement runs out its time: PostgREST 12 does not
        // cancel a statement when its client goes away (docs/decisions/0027-request-limits.md).
        await expectHealthy(target);
      }
      // PGlite runs one statement at a time and cannot cancel it: the site answers again once the
      // statement is over. This is why the limits keep slow statements from being sent at all.
      await expect
        .poll(async () => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status, {
          timeout: SLEEP_SECONDS * 1000 - TIMEOUT_MS + 10_000,
          interval: 500,
        })
        .toBe(200);
    },
  );

  it('gives an MCP tool’s catalog call the same time, then answers a tool error', { timeout: 60_000 }, async () => {
    const target = { url, anonKey: backend.secrets.anonKey };
    const answer = await send(target, '/mcp', {
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_item', arguments: { slug: 'alphafold' } },
      }),
      headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      waitMs: 30_000,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      result: { isError: true, content: [{ text: expect.stringMatching(/took too long/) }] },
    });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    await expect
      .poll(async () => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status, {
        timeout: SLEEP_SECONDS * 1000 - TIMEOUT_MS + 10_000,
        interval: 500,
      })
      .toBe(200);
  });
});
