import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway, startBackend, type Backend } from '@sciai/server';
import { createScratchDatabase } from '../support/backend.ts';
import { send } from './hostile-requests.ts';

/**
 * The gateway's last line: a Data API call that PostgREST has not answered after 15 seconds gets
 * a 504 in PostgREST's shape, and the upstream request is closed. Needs a statement slower than
 * anything the limits let through, so this backend gets a function that sleeps (its own database,
 * not the shared one).
 */
const TIMEOUT_MS = 15_000;
const SLEEP_SECONDS = 18;

describe('the gateway’s time limit for the Data API', () => {
  const engine = inject('engine');
  let backend: Backend;
  let gateway: FastifyInstance;
  let dataDir: string;
  let dropScratch: (() => Promise<void>) | undefined;
  let url = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `sciai-request-limits-${engine}-`));
    const scratch = engine === 'postgres' ? await createScratchDatabase() : undefined;
    dropScratch = scratch?.drop;
    backend = await startBackend({ dataDir, databaseUrl: scratch?.url }, { seedSampleCatalog: false });
    await backend.db.pool.query(`
      create function public.hostile_sleep(seconds double precision) returns text
      language sql volatile as $$ select pg_sleep(seconds)::text $$;
      grant execute on function public.hostile_sleep(double precision) to anon;`);
    await backend.postgrest.reloadSchema();
    gateway = await buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      webDist: join(dataDir, 'no-web-build'),
      logLevel: 'warn',
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const bound = gateway.server.address();
    if (!bound || typeof bound !== 'object') throw new Error('gateway has no address');
    url = `http://127.0.0.1:${bound.port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await backend?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await dropScratch?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers 504 with a PostgREST-shaped error after 15 s and gives the database back',
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
        message: expect.stringMatching(/within 15 seconds/),
        details: null,
      });
      expect(answer.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
      expect(answer.elapsedMs).toBeLessThan(TIMEOUT_MS + 2_000);

      if (engine === 'postgres') {
        // PostgREST cancels the statement when its client (the gateway) goes away.
        const admin = new pg.Client({ connectionString: backend.db.connectionString });
        await admin.connect();
        try {
          await expect
            .poll(
              async () =>
                (
                  await admin.query<{ running: number }>(
                    `select count(*)::int as running from pg_stat_activity
                   where state = 'active' and query like '%hostile_sleep%' and pid <> pg_backend_pid()`,
                  )
                ).rows[0]!.running,
              { timeout: 2_000, interval: 100 },
            )
            .toBe(0);
        } finally {
          await admin.end();
        }
      }
      // PGlite cannot cancel a running statement: it finishes its sleep, then serves again.
      await expect
        .poll(async () => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status, {
          timeout: SLEEP_SECONDS * 1000 - TIMEOUT_MS + 10_000,
          interval: 500,
        })
        .toBe(200);
    },
  );
});
