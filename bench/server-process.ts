import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKOUT_ROOT } from './checkout.ts';

/**
 * The backend as `npm start` runs it, in a process of its own (so a bench's own work does not
 * share its event loop): a data directory, and PostgreSQL when `databaseUrl` is set, else PGlite.
 */
export function spawnServer(options: {
  node: string;
  dataDir: string;
  databaseUrl: string | undefined;
  env?: NodeJS.ProcessEnv;
}) {
  return spawn(options.node, [join(CHECKOUT_ROOT, 'server/src/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** The address the server logs once it is serving; rejects if it exits first. */
export function servingUrl(server: ReturnType<typeof spawnServer>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"SciAI is serving","url":"([^"]+)"/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/**
 * Resolves once the server's start-up work is over: its open-data files made (the manifest in
 * place, no staging directory) and nothing made for `quietSeconds` in a row. A server starting on
 * a catalog without current files makes them first (over 90 s of its CPU and the database's at
 * 100,000 items on a loaded machine); a bench timing requests meanwhile measures that work, not
 * the requests, which no running server pays.
 */
export async function startUpWorkDone(dataDir: string, quietSeconds = 3, timeoutMs = 15 * 60_000): Promise<void> {
  const directory = join(dataDir, 'open-data');
  const settled = () =>
    existsSync(join(directory, 'manifest.json')) && !readdirSync(directory).some((name) => name.startsWith('.staging'));
  const deadline = Date.now() + timeoutMs;
  for (let quiet = 0; quiet < quietSeconds;) {
    if (Date.now() > deadline) throw new Error(`the server's open-data files were not made within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    quiet = settled() ? quiet + 1 : 0;
  }
}

/** Stops the server and waits for its exit, or returns at once when it has already exited. */
export async function stopServer(server: ReturnType<typeof spawnServer>): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Runs a command to its end, its output collected and its errors passed through. */
export function runToEnd(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, code }));
  });
}

/** User + system CPU seconds of a process so far, from /proc (0 for a process without an id). */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
/** `getconf CLK_TCK`: the unit of utime and stime in /proc/PID/stat on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;
