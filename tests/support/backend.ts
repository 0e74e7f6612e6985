import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildGateway, startBackend, REPO_ROOT, type Backend } from '@sciai/server';
import {
  copySharedSecrets,
  pgliteTemplate,
  type PostgresTemplateKind,
  type TemplateKind,
} from './database-templates.ts';
import { createDatabase, databaseUrlFor, postgresTemplate } from './postgres-templates.ts';

export type Engine = 'pglite' | 'postgres';

/**
 * Servers the tests start, in this process or as children of it, hash passwords and backup codes at
 * bcrypt's least cost rather than production's 10 (about 85 ms a hash here, and every sign-up, sign-in
 * and MFA enrolment pays it): the same code path, a sixty-fourth of the time.
 * server/src/auth/passwords.test.ts shows that a server without the setting hashes at 10.
 */
export const TEST_PASSWORD_HASH_COST = '4';
process.env.PASSWORD_HASH_COST ??= TEST_PASSWORD_HASH_COST;
/** New items reach their followers' notifications within about a second, not production's 15 s. */
process.env.NOTIFICATION_POLL_SECONDS ??= '1';

export interface TestBackend {
  engine: Engine;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Superuser connection to the database on either engine (PGlite's wire server or PostgreSQL). */
  connectionString: string;
  /** Makes PostgREST read the schema again, as a start does after migrating (a test's own table). */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The whole embedded Supabase (database, PostgREST, gateway serving web/dist) on an ephemeral
 * port with a data directory of its own — and, for PostgreSQL, a scratch database of its own on
 * the server named by TEST_DATABASE_URL — copied from a migrated template, with the sample
 * catalog unless `seed` is false.
 */
export async function startTestBackend(
  options: {
    engine?: Engine;
    seed?: boolean;
    env?: Partial<Record<AuthVariable, string>>;
    /**
     * The GitHub API the claims' repository proof asks (a fixture server); by default a closed
     * port of this machine, so no test backend ever reaches GitHub.
     */
    githubApiUrl?: string;
  } = {},
): Promise<TestBackend> {
  const engine = options.engine ?? 'pglite';
  const database = await createTestDatabase(engine, options.seed === false ? 'migrated' : 'seeded');
  const { dataDir } = database;
  const backend = await startBackend(
    { dataDir, databaseUrl: database.databaseUrl },
    { seedSampleCatalog: options.seed ?? true },
  ).catch(async (error: unknown) => {
    await database.remove();
    throw error;
  });
  // Tests stand in for visitors with X-Forwarded-For, as a reverse proxy on this machine would.
  // A catalog change reaches the open-data files within seconds rather than the 30 s (and more) of
  // production's refresh: tests wait for them (OPEN_DATA_CHECK_SECONDS, OPEN_DATA_MIN_GAP_SECONDS).
  // Likewise a review decision's mail leaves within half a second rather than two (OUTBOX_POLL_SECONDS).
  const { url, close } = await withAuthEnvironment({ TRUST_PROXY: 'loopback', ...options.env }, () =>
    serveGateway(backend, {
      openDataRefresh: TEST_OPEN_DATA_REFRESH,
      outboxPollMs: TEST_OUTBOX_POLL_MS,
      claimsGithubApiUrl: options.githubApiUrl ?? 'http://127.0.0.1:9',
    }),
  );
  return {
    engine,
    url,
    anonKey: backend.secrets.anonKey,
    serviceRoleKey: backend.secrets.serviceRoleKey,
    dataDir,
    databaseUrl: database.databaseUrl,
    connectionString: backend.db.connectionString,
    reloadSchema: () => backend.postgrest.reloadSchema(),
    async stop() {
      await close();
      await backend.stop();
      await database.remove();
    },
  };
}

type GatewayOptions = Parameters<typeof buildGateway>[0];

/** The test backends' open-data refresh: a one-second check, two seconds between makings. */
export const TEST_OPEN_DATA_REFRESH = { checkMs: 1_000, minGapMs: 2_000 };

/** How often the test backends' outbox mailer looks for review-decision mails to send. */
export const TEST_OUTBOX_POLL_MS = 500;

export interface ServedGateway {
  gateway: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * The gateway in front of `backend` on an ephemeral port of 127.0.0.1, serving the web build
 * (WEB_DIST, as for the server: a build kept apart from web/dist by vite build --outDir …) unless
 * `options` say otherwise.
 */
export async function serveGateway(
  backend: Backend,
  options: Partial<Omit<GatewayOptions, 'backend'>> = {},
): Promise<ServedGateway> {
  const gateway = await buildGateway({
    backend,
    publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
    webDist: process.env.WEB_DIST ?? join(REPO_ROOT, 'web/dist'),
    logLevel: 'warn',
    ...options,
  });
  try {
    await gateway.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await gateway.close();
    throw error;
  }
  const address = gateway.server.address();
  if (!address || typeof address !== 'object') throw new Error('gateway has no address');
  return {
    gateway,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      // Fastify's close waits out the keep-alive connections (over a minute after a client walked
      // away); nothing a test still needs travels on them.
      const closed = gateway.close();
      gateway.server.closeAllConnections();
      await closed;
    },
  };
}

export interface TestDatabase {
  /** A new DATA_DIR of its own. */
  dataDir: string;
  /** A scratch database of its own on PostgreSQL; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Drops the scratch database and deletes the data directory. */
  remove(): Promise<void>;
}

/**
 * What a backend, or the CLI, starts on: `empty` is a first start's (the server migrates it),
 * `initialised`, `migrated` and `seeded` are copies of the templates (database-templates.ts).
 * `initialised` is a new database as well, one whose PGlite cluster is made (its initdb run) and
 * nothing more: for a test of what comes after, the cost of PGlite's initdb (about 8 CPU-s) spared.
 * On PostgreSQL it is `empty`.
 */
export async function createTestDatabase(
  engine: Engine,
  content: 'empty' | TemplateKind,
  prefix = `sciai-${engine}-`,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    if (engine === 'pglite') {
      if (content !== 'empty') cpSync(await pgliteTemplate(content), dataDir, { recursive: true });
      return { dataDir, databaseUrl: undefined, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
    }
    await copySharedSecrets(dataDir);
    const template = content === 'empty' || content === 'initialised' ? undefined : content;
    const scratch = await createScratchDatabase(undefined, undefined, template);
    return {
      dataDir,
      databaseUrl: scratch.url,
      async remove() {
        await scratch.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** What the auth service reads from the environment when the gateway is built. */
const AUTH_VARIABLES = [
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'TRUST_PROXY',
  'REDIS_URL',
  // sign-in with GitHub and ORCID: off unless a test points them at its fixture providers
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'GITHUB_BASE_URL',
  'GITHUB_API_URL',
  'ORCID_CLIENT_ID',
  'ORCID_CLIENT_SECRET',
  'ORCID_BASE_URL',
  'OAUTH_TIMEOUT_SECONDS',
] as const;
type AuthVariable = (typeof AUTH_VARIABLES)[number];

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

/**
 * A database of its own on the server of `adminUrl` (default TEST_DATABASE_URL), dropped
 * afterwards: empty, or a copy of a template database.
 */
export async function createScratchDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
  prefix = 'sciai_test',
  template?: PostgresTemplateKind,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // [a-z0-9_] only: safe to write into CREATE and DROP DATABASE.
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (template) {
    await postgresTemplate(adminUrl, template, name);
  } else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await createDatabase(admin, name);
    } finally {
      await admin.end();
    }
  }
  return {
    url: databaseUrlFor(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await waitForSessionsToEnd(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * pg's pool.end() resolves before the server has seen its sockets close, and a forced drop
 * would kill them mid-goodbye: an uncaught 57P01 in the process that owned them. Give them
 * their moment (a session still there after it is one the drop may end).
 */
async function waitForSessionsToEnd(admin: pg.Client, database: string, patienceMs = 10_000): Promise<void> {
  const deadline = Date.now() + patienceMs;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ sessions: number }>(
      'select count(*)::int as sessions from pg_stat_activity where datname = $1',
      [database],
    );
    if (rows[0]!.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL);
