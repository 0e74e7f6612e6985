import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DataDirLockedError, REPO_ROOT, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { COMPILE_CACHE } from '../support/sciai.ts';

/**
 * A guard against hangs for the tests that start a whole server process, not a speed limit: on a
 * loaded machine such a test took 56 s of the default 60.
 */
const SPAWNED_SERVER_TIMEOUT_MS = 180_000;

/** Start-up behaviour of the embedded Supabase, on this project's engine. */
describe('the embedded backend', () => {
  const engine = inject('engine');
  const started: Backend[] = [];
  let database: TestDatabase | undefined;
  let dataDir = '';
  /** A server left running by one test for the next. */
  let running: Backend | undefined;

  /** The same new data directory (and scratch database) each time: the first start migrates it. */
  async function start() {
    database ??= await createTestDatabase(engine, 'empty', `sciai-start-${engine}-`);
    dataDir = database.dataDir;
    const backend = await startBackend({ dataDir, databaseUrl: database.databaseUrl }, { seedSampleCatalog: false });
    started.push(backend);
    return backend;
  }

  afterAll(async () => {
    for (const backend of started) await backend.stop();
    await database?.remove();
  });

  it('applies every migration on a new database, enables RLS on every table, and records the keys privately', async () => {
    const backend = await start();
    expect(backend.appliedMigrations.length).toBeGreaterThanOrEqual(1);
    const { rows } = await backend.db.pool.query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity`,
    );
    expect(rows).toEqual([]);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    await backend.stop();
  });

  it('re-runs as a no-op: a restart applies nothing and keeps the data', async () => {
    const backend = await start();
    expect(backend.appliedMigrations).toEqual([]);
    const { rows } = await backend.db.pool.query<{ count: number }>(
      'select count(*)::int as count from supabase_migrations.schema_migrations',
    );
    expect(rows[0]!.count).toBeGreaterThanOrEqual(1);
    expect(await backend.migrate()).toEqual([]);
    // On PGlite the next test needs a server holding the data directory: this one, still running
    // (a start fewer).
    if (engine === 'pglite') running = backend;
    else await backend.stop();
  });

  it.runIf(engine === 'pglite')(
    'refuses a second opener of the same data directory, and the first keeps working',
    async () => {
      const first = running ?? (await start());
      running = undefined;
      const second = startBackend({ dataDir, databaseUrl: undefined }, { seedSampleCatalog: false });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/in use by another SciAI process \(pid \d+/);

      // A whole second server process fails at once with the reason, and touches nothing.
      const other = spawnSync(process.execPath, [join(REPO_ROOT, 'server/src/main.ts')], {
        env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 120_000, // a guard against a hang: a start on a loaded machine took over 20 s
      });
      expect(other.status).toBe(1);
      expect(other.stderr).toMatch(/is in use by another SciAI process/);

      const { rows } = await first.db.pool.query<{ one: number }>('select 1 as one');
      expect(rows[0]!.one).toBe(1);
      const ready = await first.postgrest.request('/scientific_domains?select=slug&limit=1', {
        authorization: `Bearer ${first.secrets.anonKey}`,
      });
      expect(ready.status).toBe(200);
      await first.stop();
    },
    SPAWNED_SERVER_TIMEOUT_MS,
  );

  it.runIf(engine === 'pglite')(
    'shuts down cleanly on SIGTERM: PostgREST stopped, lock released, data intact',
    async () => {
      // A seeded copy: the first test above is the one that migrates a new database, and loading
      // the catalog into an empty one is not what this test is about. What must outlive the
      // shutdown is a write of the server's own, below.
      const copy = await createTestDatabase('pglite', 'seeded', 'sciai-shutdown-');
      const dir = copy.dataDir;
      const server = spawn(process.execPath, [join(REPO_ROOT, 'server/src/main.ts')], {
        env: {
          ...process.env,
          NODE_COMPILE_CACHE: COMPILE_CACHE,
          DATA_DIR: dir,
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: '',
        },
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /"msg":"SciAI is serving","url":"([^"]+)"/.exec(output);
          if (match) {
            clearInterval(timer);
            resolve(match[1]!);
          }
        }, 100);
        server.once('exit', (code) => reject(new Error(`server exited early with ${code}: ${output}`)));
      });
      const base = url.replace('localhost', '127.0.0.1');
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const { anonKey } = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as { anonKey: string };
      const email = `shutdown-${process.pid}@example.org`;
      const signUp = await fetch(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a long shutdown passphrase 42' }),
      });
      expect(signUp.status).toBe(200);
      const postgrestPid = Number(/"postgrest_pid":(\d+)/.exec(output)?.[1] ?? 0);

      server.kill('SIGTERM');
      const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
      expect(code).toBe(0);
      expect(output).toContain('"msg":"shutting down"');
      expect(existsSync(join(dir, 'sciai.lock'))).toBe(false);
      if (postgrestPid) expect(() => process.kill(postgrestPid, 0)).toThrow();

      // The data survived: a new start reuses it without migrating again.
      const again = await startBackend(
        { dataDir: dir, databaseUrl: undefined },
        { seedSampleCatalog: false, backgroundJobs: false },
      );
      expect(again.appliedMigrations).toEqual([]);
      const { rows } = await again.db.pool.query<{ count: number }>(
        'select count(*)::int as count from public.content_items',
      );
      expect(rows[0]!.count).toBeGreaterThanOrEqual(150);
      const written = await again.db.pool.query('select 1 from auth.users where email = $1', [email]);
      expect(written.rowCount).toBe(1);
      await again.stop();
      await copy.remove();
    },
    SPAWNED_SERVER_TIMEOUT_MS,
  );
});
