import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway, REPO_ROOT, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';

/**
 * /healthz judges PostgREST without queueing behind the visitors' requests for PGlite's one
 * session (its admin `/ready` and `/live` both run a query through PostgREST's pool): by its
 * process, its HTTP server, and its latest successful Data API answer. A PostgREST that is gone
 * or does not answer must still turn /healthz 503 (docs/decisions/0053-health-outside-the-queue.md).
 */
describe('PostgREST on /healthz', () => {
  const engine = inject('engine');
  let database: TestDatabase;
  let backend: Backend;
  let gateway: Awaited<ReturnType<typeof buildGateway>>;

  type Health = { status: string; postgrest: { ok: boolean; error?: string; checked?: string } };
  const health = async () => {
    const response = await gateway.inject({ url: '/healthz' });
    return { status: response.statusCode, body: response.json<Health>() };
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', `sciai-postgrest-health-${engine}-`);
    backend = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false },
    );
    gateway = await buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      webDist: join(REPO_ROOT, 'web/dist'),
      logLevel: 'warn',
    });
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await backend?.stop().catch(() => undefined);
    await database?.remove();
  });

  it('asks the admin /ready while no visitor was answered, and trusts a recent answer after one', async () => {
    const idle = await health();
    expect(idle.status).toBe(200);
    expect(idle.body.postgrest).toMatchObject({ ok: true, checked: 'ready' });

    const key = backend.secrets.anonKey;
    const visit = await gateway.inject({
      url: '/rest/v1/content_items?select=id&limit=1',
      headers: { apikey: key, authorization: `Bearer ${key}` },
    });
    expect(visit.statusCode).toBe(200);

    const busy = await health();
    expect(busy.status).toBe(200);
    expect(busy.body.postgrest).toMatchObject({ ok: true, checked: 'answers' });
  });

  it('counts only successes as answers from the database', async () => {
    backend.postgrest.noteAnswer(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // PostgREST refuses an unknown table from its schema cache, without a query; a 503 is its
    // pool failing: neither shows the database path works
    backend.postgrest.noteAnswer(404);
    backend.postgrest.noteAnswer(503);
    const judged = await backend.postgrest.health({ freshMs: 500 });
    expect(judged).toMatchObject({ ok: true, checked: 'ready' });
    expect(judged.last_answer_ms).toBeGreaterThanOrEqual(1_000);
  });

  it('reports a PostgREST that stopped answering, even right after a success, and recovers', async () => {
    backend.postgrest.noteAnswer(200);
    process.kill(backend.postgrest.pid!, 'SIGSTOP');
    try {
      // Polled: on a loaded machine the stop can take effect after the first check has begun.
      let stuck: Awaited<ReturnType<typeof health>> | undefined;
      await expect.poll(async () => (stuck = await health()).status, { timeout: 20_000, interval: 0 }).toBe(503);
      expect(stuck?.body).toMatchObject({
        status: 'unavailable',
        postgrest: { ok: false, error: expect.stringMatching(/did not answer/) },
      });
    } finally {
      process.kill(backend.postgrest.pid!, 'SIGCONT');
    }
    expect((await health()).status).toBe(200);
  }, 30_000);

  it('reports a PostgREST that is gone', async () => {
    const exited = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (backend.postgrest.exited) resolve(clearInterval(poll));
      }, 20);
    });
    process.kill(backend.postgrest.pid!, 'SIGKILL');
    await exited;
    const gone = await health();
    expect(gone.status).toBe(503);
    expect(gone.body.postgrest).toMatchObject({ ok: false, error: expect.stringMatching(/ended by SIGKILL/) });
  });
});
