import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { advertiseServerAddress, readDefaultCatalog, REPO_ROOT, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, serveGateway, type ServedGateway, type TestDatabase } from '../support/backend.ts';
import { runSciai, spawnSciai } from '../support/sciai.ts';

function jwtRole(token: string): unknown {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return typeof payload === 'object' && payload !== null && 'role' in payload ? payload.role : undefined;
}

const MIGRATIONS = readdirSync(join(REPO_ROOT, 'supabase/migrations'))
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.replace(/\.sql$/, ''))
  .sort();

// A hang guard, not a speed limit: each test runs the CLI, migrating or seeding a fresh database in
// a process of its own, and on a loaded two-core machine one such run took over a minute.
describe('sciai on a fresh local database', { timeout: 240_000 }, () => {
  const engine = inject('engine');
  let database: TestDatabase | undefined;
  const env = () => ({ DATA_DIR: database?.dataDir, DATABASE_URL: database?.databaseUrl });

  beforeAll(async () => {
    // A new database: on PGlite a new cluster's copy (its initdb is not what these tests are about;
    // embedded-backend.test.ts starts on a data directory with nothing in it).
    database = await createTestDatabase(engine, 'initialised', `sciai-cli-${engine}-`);
  });
  afterAll(async () => {
    await database?.remove();
  });

  it('db migrate applies every migration, then finds the database up to date', async () => {
    const first = await runSciai(['db', 'migrate'], env());
    expect(first.stderr).not.toContain('error');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Applied ${MIGRATIONS.length} migration`);
    for (const migration of MIGRATIONS) expect(first.stdout).toContain(migration);

    const second = await runSciai(['db', 'migrate'], env());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Database is up to date.');
    expect(second.stdout).not.toContain('Applied');
  });

  // Fifty items in three calls (20, 20, 10), then again in one: what is counted and skipped does not
  // depend on how many there are (500 cost PGlite about 7 CPU-s more).
  it('seed --synthetic 50 inserts 50 items; running it again inserts none', async () => {
    const first = await runSciai(['seed', '--synthetic', '50', '--chunk', '20'], env());
    expect(first.stderr).not.toContain('error');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Inserted 50 items, skipped 0 already present.');

    const again = await runSciai(['seed', '--synthetic', '50'], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Inserted 0 items, skipped 50 already present.');
  });

  const catalogSize = readDefaultCatalog().items.length;
  it(`seed loads the catalog (${catalogSize} items) with its sources, once`, async () => {
    const first = await runSciai(['seed'], env());
    expect(first.stderr).not.toContain('error');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Inserted ${catalogSize.toLocaleString('en-US')} items, skipped 0 already present.`);

    const again = await runSciai(['seed'], env());
    expect(again.stdout).toContain(`Inserted 0 items, skipped ${catalogSize.toLocaleString('en-US')} already present.`);
  });

  it('keys prints the local API URL and a JWT anon key; the service key only on request, with a warning', async () => {
    const plain = await runSciai(['keys'], { ...env(), PORT: '4321' });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^API URL\s+http:\/\/localhost:4321$/m);
    const anonKey = /^anon key\s+(\S+)$/m.exec(plain.stdout)?.[1] ?? '';
    expect(anonKey).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);
    expect(jwtRole(anonKey)).toBe('anon');
    expect(plain.stdout).not.toContain('service_role');

    const withService = await runSciai(['keys', '--service-role'], env());
    const serviceKey = /^service_role key\s+(\S+)$/m.exec(withService.stdout)?.[1] ?? '';
    expect(jwtRole(serviceKey)).toBe('service_role');
    expect(withService.stderr).toContain('bypasses row-level security');
  });

  it('keys prints the URL the running server advertised in DATA_DIR, not the default port', async () => {
    // What `npm start` does once it listens on PostgreSQL, where no lock holds the address.
    const withdraw = advertiseServerAddress(database!.dataDir, 'http://localhost:4999');
    try {
      const running = await runSciai(['keys'], { ...env(), PORT: '3000' });
      expect(running.code).toBe(0);
      expect(running.stdout).toMatch(/^API URL\s+http:\/\/localhost:4999$/m);
      expect(running.stderr).not.toContain('No SciAI server is running');
    } finally {
      withdraw();
    }
    const stopped = await runSciai(['keys'], env());
    expect(stopped.stdout).toMatch(/^API URL\s+http:\/\/localhost:3000$/m);
    expect(stopped.stderr).toContain('No SciAI server is running');
  });

  // The real binary: its exit code and its two streams.
  it('seed --synthetic abc exits with code 2 and says why', async () => {
    const run = await spawnSciai(['seed', '--synthetic', 'abc'], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("option '--synthetic <count>' argument 'abc' is invalid");
    expect(run.stdout).toBe('');
  });
});

// A running server owns its PGlite files: the CLI must go through it, never open them itself.
describe.runIf(inject('engine') === 'pglite')('sciai while a SciAI server holds the data directory', () => {
  let database: TestDatabase | undefined;
  let dataDir = '';
  let backend: Backend | undefined;
  let gateway: ServedGateway | undefined;
  let url = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite', 'migrated', 'sciai-cli-server-');
    dataDir = database.dataDir;
    // No timers: their first passes (pruning, table maintenance) are not what these tests look at.
    backend = await startBackend(
      { dataDir, databaseUrl: undefined },
      { seedSampleCatalog: false, backgroundJobs: false },
    );
    gateway = await serveGateway(backend);
    url = gateway.url;
  });
  afterAll(async () => {
    await gateway?.close();
    await backend?.stop();
    await database?.remove();
  });

  // Another process, as a user's would be: the lock names this one's pid.
  it('reports the lock clearly (exit 1) when the server has not said where it listens', async () => {
    const run = await spawnSciai(['seed', '--synthetic', '5'], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`is in use by another SciAI process (pid ${process.pid}`);
  });

  it('goes through the advertised server for keys, db migrate and seed', async () => {
    if (!backend?.lock) throw new Error('the server did not start with a data-directory lock');
    backend.lock.advertise({ url });

    const keys = await runSciai(['keys'], { DATA_DIR: dataDir });
    expect(keys.stdout).toMatch(new RegExp(`^API URL\\s+${url}$`, 'm'));
    expect(keys.stdout).toContain(backend.secrets.anonKey);

    const migrate = await runSciai(['db', 'migrate'], { DATA_DIR: dataDir });
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toContain('Database is up to date.');

    const seed = await runSciai(['seed', '--synthetic', '40'], { DATA_DIR: dataDir });
    expect(seed.code).toBe(0);
    expect(seed.stderr).toContain(`the SciAI server at ${url}`);
    expect(seed.stdout).toContain('Inserted 40 items, skipped 0 already present.');

    const service = createClient(url, backend.secrets.serviceRoleKey, { auth: { persistSession: false } });
    const { count, error } = await service
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('slug', 'synthetic-%');
    expect(error).toBeNull();
    expect(count).toBe(40);
  });
});
