import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { join } from 'node:path';
import { buildGateway, REPO_ROOT, startBackend, type PgliteDatabase } from '@sciai/server';
import { withDatabase } from '../support/auth.ts';
import { createTestDatabase } from '../support/backend.ts';

/**
 * The embedded database runs in a worker thread of the server: if that thread ends on its own,
 * nothing can be served any more, and the server must notice and say so rather than answer
 * every request with a connection error.
 */
describe('the embedded database supervised', () => {
  const engine = inject('engine');

  it.runIf(engine === 'pglite')(
    'reports a stopped PGlite worker on /healthz with 503 and tells the server',
    async () => {
      const database = await createTestDatabase('pglite', 'migrated', 'sciai-supervision-');
      // without the scheduled jobs: what is tested is the database thread's end, not their work
      const backend = await startBackend(
        { dataDir: database.dataDir, databaseUrl: undefined },
        { seedSampleCatalog: false, backgroundJobs: false },
      );
      const gateway = await buildGateway({
        backend,
        publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
        webDist: join(REPO_ROOT, 'web/dist'),
        logLevel: 'warn',
      });
      try {
        expect((await gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
        const told = new Promise<string>((resolve) => backend.db.onFailure?.(resolve));

        // as a crash of PGlite's WebAssembly would end it
        await (backend.db as PgliteDatabase).worker.terminate();

        expect(await told).toMatch(/PGlite worker exited/);
        const health = await gateway.inject({ url: '/healthz' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({
          status: 'unavailable',
          database: { ok: false, engine: 'pglite', error: expect.stringMatching(/PGlite worker exited/) },
        });
      } finally {
        await gateway.close();
        await backend.stop().catch(() => undefined);
        await database.remove();
      }
    },
    60_000,
  );

  // PGlite's /healthz asks its thread, which answers between two statements rather than after
  // every queued query: a statement that does not end must still show as a database not answering.
  it('reports a database held by a statement that does not end, and recovers after it', async () => {
    const backend = inject('backend');
    const health = async () => {
      const response = await fetch(`${backend.url}/healthz`, { signal: AbortSignal.timeout(20_000) });
      return { status: response.status, body: (await response.json()) as { database: Record<string, unknown> } };
    };
    expect((await health()).status).toBe(200);
    const marker = `supervision-${randomUUID()}`;
    const sleeping = withDatabase((db) => db.query(`select pg_sleep(8) /* ${marker} */`)).catch(
      (error: { code?: string }) => {
        // PostgreSQL: cancelled below once the health answer is in (PGlite cannot cancel)
        if (error.code !== '57014') throw error;
      },
    );
    try {
      const running = () =>
        withDatabase(async (db) => {
          const { rows } = await db.query<{ pid: number }>(
            `select pid from pg_stat_activity where query like $1 and state = 'active' and pid <> pg_backend_pid()`,
            [`%${marker}%`],
          );
          return rows.map((row) => row.pid);
        });
      // PGlite's one session cannot be asked while the sleep holds it: give the sleep a moment to start
      if (engine === 'pglite') await new Promise((resolve) => setTimeout(resolve, 1_000));
      else await expect.poll(running).toHaveLength(1);
      const held = await health();
      if (engine === 'pglite') {
        // one session, held by the sleep: the thread cannot answer
        expect(held.status).toBe(503);
        expect(held.body.database).toMatchObject({ ok: false, error: expect.stringMatching(/did not answer/) });
      } else {
        // PostgreSQL serves other connections meanwhile
        expect(held.status).toBe(200);
        // the sleep need not run out its time
        await withDatabase((db) =>
          db.query(
            `select pg_cancel_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`,
            [`%${marker}%`],
          ),
        );
      }
    } finally {
      await sleeping;
    }
    const after = await health();
    expect(after.status).toBe(200);
    expect(after.body.database).toMatchObject({ ok: true });
  }, 60_000);
});
