import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { createPool } from './pool.ts';

/**
 * The database behind the embedded Supabase: PGlite in the data directory, served on loopback
 * over the Postgres wire protocol, or a real PostgreSQL. Either way everything (PostgREST, the
 * auth service, migrations, seeding) talks to it through `pg`, so both engines run the same code.
 */
export type EngineName = 'pglite' | 'postgres';

export interface Database {
  readonly engine: EngineName;
  /** Superuser connection string on loopback (for our own pool). */
  readonly connectionString: string;
  readonly pool: pg.Pool;
  /** Why the embedded database stopped on its own (PGlite's worker ended); PostgreSQL is a server of its own, whose outages show as failed pings. */
  readonly failure?: string | undefined;
  /** Called once if the database stops on its own: nothing can be served after that. */
  onFailure?(listener: (reason: string) => void): void;
  /**
   * Whether the database answers, without waiting behind other clients' queries (PGlite: its
   * thread answers between two statements; see probeWorker). Absent: a query is the check.
   */
  probe?(timeoutMs: number): Promise<DatabaseProbe>;
  close(): Promise<void>;
}

export interface DatabaseProbe {
  latencyMs: number;
  /** Requests waiting for PGlite's single session. */
  waiting: number;
  /** How long the client whose turn it is has held the session. */
  turnMs: number;
}

export interface PgliteDatabase extends Database {
  /** The thread that owns PGlite and its wire server. */
  readonly worker: Worker;
}

/**
 * The PGlite thread's heap, at most. Young generation: under steady traffic V8 kept growing it
 * (67 → 134 MB measured in the abuse bench, with 11 MB live after a full collection), resident
 * memory that came after the first minute and stayed; its objects are short-lived message
 * buffers, so a smaller nursery costs only more frequent, cheap scavenges (docs/decisions/0053).
 * Old generation: about 30 times the 12-18 MB it holds live (the database itself is WebAssembly
 * memory, outside the JavaScript heap). V8 lets an old generation grow to a multiple of what
 * survived the last full collection before it collects again, up to 4 under a heap limit of 2 GB
 * or more (the default here is 4 GB) but 1.3-2 under a smaller one, so this limit bounds the
 * thread's resident memory under steady traffic (docs/decisions/0057-v8-heap-growth.md).
 */
export const PGLITE_WORKER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 512 } as const;

/**
 * PGlite runs in a worker thread (see pglite-worker.ts) and is reached over loopback, as
 * `postgres` with `password` (the data directory's databasePassword; a throwaway one when the
 * database is a scratch one only this process uses), and as `authenticator` with its own password
 * when one is given, for PostgREST.
 */
export async function openPglite(
  dataDir: string,
  passwords: { postgres?: string; authenticator?: string } = {},
  options: {
    /**
     * A tar of a cluster (PGlite's dumpDataDir) to start `dataDir` from: it must hold no database
     * yet. A new database made this way skips PGlite's initdb (about 8 CPU-s).
     */
    image?: string;
  } = {},
): Promise<PgliteDatabase> {
  const password = passwords.postgres ?? randomBytes(24).toString('base64url');
  const users: Record<string, string> = { postgres: password };
  if (passwords.authenticator) users.authenticator = passwords.authenticator;
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir, passwords: users, image: options.image },
    resourceLimits: PGLITE_WORKER_RESOURCE_LIMITS,
  });
  const [ready] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => {
      throw error;
    }),
  ])) as [{ port?: number; error?: string }];
  if (!ready.port) {
    await worker.terminate();
    throw new Error(`PGlite could not open ${dataDir}: ${ready.error ?? 'unknown error'}`);
  }
  const connectionString = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${ready.port}/postgres?sslmode=disable`;
  const pool = createPool({ connectionString, max: 4 });
  // The worker owns the database and its wire server: if it ends while we did not ask it to
  // (a crash in PGlite's WebAssembly, an out-of-memory abort), every query after that fails.
  let closing = false;
  let failure: string | undefined;
  const listeners: ((reason: string) => void)[] = [];
  const fail = (reason: string) => {
    if (closing || failure) return;
    failure = reason;
    for (const listener of listeners) listener(reason);
  };
  worker.on('error', (error) => fail(`the PGlite worker failed: ${error.message}`));
  let exited = false;
  worker.on('exit', (code) => {
    exited = true;
    fail(`the PGlite worker exited with code ${code}`);
  });
  let probes = 0;
  return {
    engine: 'pglite',
    connectionString,
    pool,
    worker,
    get failure() {
      return failure;
    },
    onFailure(listener) {
      listeners.push(listener);
    },
    probe: (timeoutMs) => probeWorker(worker, (probes += 1), timeoutMs),
    async close() {
      closing = true;
      await pool.end();
      if (exited) return;
      const closed = new Promise<void>((resolve) => {
        const onMessage = (message: unknown) => {
          if (message !== 'closed') return;
          worker.off('message', onMessage);
          resolve();
        };
        worker.on('message', onMessage);
      });
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

/**
 * PGlite's liveness from its thread rather than from a query: a `select 1` through the wire
 * server waits for every request queued before it (16 visitors' queries under load), while the
 * worker answers a message as soon as the statement running now ends. A stopped worker is
 * reported by its exit; a statement that never ends (or a thread stuck in WebAssembly) leaves
 * the message unanswered, and after `timeoutMs` the probe fails.
 */
function probeWorker(worker: Worker, id: number, timeoutMs: number): Promise<DatabaseProbe> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.off('message', onMessage);
      reject(new Error(`the PGlite worker did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('probed' in message) || message.probed !== id) return;
      clearTimeout(timer);
      worker.off('message', onMessage);
      const { waiting, turnMs } = message as unknown as { waiting: number; turnMs: number };
      resolve({ latencyMs: performance.now() - started, waiting, turnMs });
    };
    worker.on('message', onMessage);
    worker.postMessage({ probe: id });
  });
}

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = createPool({ connectionString: databaseUrl, max: 8 });
  await pool.query('select 1');
  return {
    engine: 'postgres',
    connectionString: databaseUrl,
    pool,
    async close() {
      await pool.end();
    },
  };
}

/** The same server, logged in as another role (PostgREST's `authenticator`). */
export function connectionStringAs(connectionString: string, user: string, password: string): string {
  const url = new URL(connectionString);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}
