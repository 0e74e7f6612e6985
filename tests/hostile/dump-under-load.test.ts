import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, serveGateway, type ServedGateway, type TestDatabase } from '../support/backend.ts';
import { visitorAddress } from '../support/clients.ts';

/**
 * A dump taken while a visitor has filled the search cache far beyond what one read of the dump
 * may take, and while the site is being used: the server keeps answering (health, visitors)
 * between the dump's reads, leaves the cache and the rebuildable tables out of the file, and does
 * not exit, not even when the dump's database connection breaks halfway (docs/security.md, "Backups").
 *
 * Sizes are kept small for CI and scaled by the read budget instead: each read of the dump may
 * take DUMP_READ_MS, the cache holds CACHE_ENTRIES entries of about 25 KB, and the dump of the
 * catalog needs more than fifty reads.
 */
const DUMP_READ_MS = 5;
const CACHE_ENTRIES = 1_500;
/** The longest PGlite's session may be held by one client while the dump runs. */
const LONGEST_TURN_MS = 1_000;

describe('a dump under a large search cache, while the site is used', () => {
  const engine = inject('engine');
  let database: TestDatabase | undefined;
  let backend: Backend | undefined;
  let served: ServedGateway | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'seeded', `sciai-dump-load-${engine}-`);
    backend = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false },
    );
    served = await serveGateway(backend, { trustProxy: ['loopback'], dumpChunkMs: DUMP_READ_MS });
    // what thousands of distinct searches leave behind: pages of 20 cards, about 25 KB each
    await backend.db.pool.query(
      `insert into public.search_cache (cache_key, catalog_version, result)
       select 'filler-' || i, (select version from public.catalog_state), jsonb_build_object('items', repeat(md5(i::text), 800))
       from generate_series(1, $1::int) i`,
      [CACHE_ENTRIES],
    );
  });
  afterAll(async () => {
    await served?.close();
    await backend?.stop();
    await database?.remove();
  });

  const dumpRequest = () =>
    fetch(`${served?.url}/ops/v1/dump`, {
      headers: { authorization: `Bearer ${backend?.secrets.serviceRoleKey}` },
    });

  /** Asks `url` again and again until `until` settles: each answer's status, time and body. */
  async function keepAsking(url: string, until: Promise<unknown>) {
    const answers: Array<{ status: number; ms: number; body: string }> = [];
    let done = false;
    void until.finally(() => (done = true)).catch(() => undefined);
    while (!done) {
      const started = performance.now();
      const response = await fetch(url, {
        headers: { 'x-forwarded-for': visitorAddress(), apikey: backend?.secrets.anonKey ?? '' },
      });
      answers.push({ status: response.status, ms: performance.now() - started, body: await response.text() });
    }
    return answers;
  }

  it('answers health checks and visitors between the reads, and leaves the cache and the derived tables out', async () => {
    const started = performance.now();
    const dump = dumpRequest().then(async (response) => ({ status: response.status, text: await response.text() }));
    const [health, visitors, result] = await Promise.all([
      keepAsking(`${served?.url}/healthz`, dump),
      keepAsking(`${served?.url}/rest/v1/scientific_domains?select=slug&limit=1`, dump),
      dump,
    ]);
    const dumpMs = performance.now() - started;

    expect(result.status).toBe(200);
    expect(result.text).toMatch(/\n-- end of dump: [0-9a-f]{64}\n$/);
    expect(result.text).toContain('INSERT INTO "public"."content_items"');
    for (const derived of ['search_cache', 'content_search', 'item_card_ready', 'facet_value_counts']) {
      expect(result.text).not.toContain(`INSERT INTO "public"."${derived}"`);
    }
    // many reads, each far shorter than the whole dump
    expect(result.text.split('\nINSERT INTO ').length).toBeGreaterThan(50);

    expect(health.length).toBeGreaterThan(0);
    expect(health.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(visitors.length).toBeGreaterThan(0);
    expect(visitors.filter((answer) => answer.status !== 200)).toEqual([]);
    if (engine === 'pglite') {
      // the session's turns, as /healthz saw them: no client held it for long
      const turns = health.map((answer) => (JSON.parse(answer.body) as { database: { turn_ms: number } }).database);
      const longest = Math.max(...turns.map((database) => database.turn_ms));
      expect(longest, `longest turn during a ${Math.round(dumpMs)} ms dump`).toBeLessThan(LONGEST_TURN_MS);
    }
  }, 180_000);

  // PGlite's one session cannot be ended from SQL; a dropped wire connection is the same event
  // on the pool's side, and PostgreSQL's pg_terminate_backend makes it happen on cue.
  it.runIf(engine === 'postgres')(
    "survives its connections (the dump's among them) ending halfway",
    async () => {
      const admin = new pg.Client({ connectionString: database?.databaseUrl });
      admin.on('error', () => undefined);
      await admin.connect();
      try {
        // more rows than the socket and the stream hold between them, so the dump is still reading
        // (its transaction open) while the test does not read on
        await admin.query(
          `insert into public.search_vocabulary (word) select 'filler' || i || repeat('x', 100) from generate_series(1, 100000) i`,
        );
        const response = await dumpRequest();
        const reader = response.body?.getReader();
        await reader?.read(); // the dump has begun
        // the server's own connections, held (the dump's) and idle; PostgREST's are left alone
        // the dump's is the one in a transaction, between reads or in one (a larger catalog is read
        // longer, so it may be caught reading)
        const { rows } = await admin.query<{ ended: boolean; in_transaction: boolean }>(
          `select pg_terminate_backend(pid) as ended, xact_start is not null as in_transaction from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and application_name not like 'PostgREST%'`,
        );
        expect(rows.some((row) => row.ended && row.in_transaction)).toBe(true);
        const rest = (async () => {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
          }
        })();
        await rest.catch(() => undefined);
      } finally {
        await admin.end();
      }
      // still serving: the pool makes new connections for whoever asks next
      await expect.poll(async () => (await fetch(`${served?.url}/healthz`)).status, { timeout: 10_000 }).toBe(200);
      const again = await dumpRequest();
      expect(again.status).toBe(200);
      expect(await again.text()).toMatch(/\n-- end of dump: [0-9a-f]{64}\n$/);
    },
    180_000,
  );
});
