import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildGateway, startBackend, REPO_ROOT } from '@sciai/server';

export type Engine = 'pglite' | 'postgres';

export interface TestBackend {
  engine: Engine;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Superuser connection to the database on either engine (PGlite's wire server or PostgreSQL). */
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * The whole embedded Supabase (database, PostgREST, gateway serving web/dist) on an ephemeral
 * port with a fresh data directory — and, for PostgreSQL, a fresh scratch database on the
 * server named by TEST_DATABASE_URL — loaded with the sample catalog.
 */
export async function startTestBackend(
  options: { engine?: Engine; seed?: boolean; env?: Partial<Record<AuthVariable, string>> } = {},
): Promise<TestBackend> {
  const engine = options.engine ?? 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), `sciai-${engine}-`));
  const scratch = engine === 'postgres' ? await createScratchDatabase() : undefined;
  const backend = await startBackend(
    { dataDir, databaseUrl: scratch?.url },
    { seedSampleCatalog: options.seed ?? true },
  ).catch(async (error: unknown) => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  // Tests stand in for visitors with X-Forwarded-For, as a reverse proxy on this machine would.
  const gateway = await withAuthEnvironment({ TRUST_PROXY: 'loopback', ...options.env }, () =>
    buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      // WEB_DIST, as for the server: a build kept apart from web/dist (vite build --outDir …)
      webDist: process.env.WEB_DIST ?? join(REPO_ROOT, 'web/dist'),
      logLevel: 'warn',
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const address = gateway.server.address();
  if (!address || typeof address !== 'object') throw new Error('gateway has no address');
  return {
    engine,
    url: `http://127.0.0.1:${address.port}`,
    anonKey: backend.secrets.anonKey,
    serviceRoleKey: backend.secrets.serviceRoleKey,
    dataDir,
    databaseUrl: scratch?.url,
    connectionString: backend.db.connectionString,
    async stop() {
      await gateway.close();
      await backend.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the auth service reads from the environment when the gateway is built. */
type AuthVariable = 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'REDIS_URL';
const AUTH_VARIABLES: AuthVariable[] = ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'TRUST_PROXY', 'REDIS_URL'];

/**
 * Test backends send mail to their dev mailbox and take each request's origin, whatever the
 * developer's shell says; a test that wants SMTP or a PUBLIC_URL passes it in `env`.
 */
async function withAuthEnvironment<T>(env: Partial<Record<AuthVariable, string>>, build: () => Promise<T>): Promise<T> {
  const saved = AUTH_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of AUTH_VARIABLES) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  try {
    return await build();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** A database of its own on the server of `adminUrl` (default TEST_DATABASE_URL), dropped afterwards. */
export async function createScratchDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
  prefix = 'sciai_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`); // name is generated above: [a-z0-9_] only
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL);
