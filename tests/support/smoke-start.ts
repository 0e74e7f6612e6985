/**
 * The README's first command on a new machine: `npm start` on an empty DATA_DIR must come up
 * healthy with the catalog, serve the app, answer a search with the key the browser gets,
 * and stop cleanly on SIGTERM. Run alone with `node tests/support/smoke-start.ts` (Node 24);
 * CI runs it after `npm test` (.ci/run). Exits 0 when all of that holds, 1 with the reason.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** A first start builds the web app when its sources changed, migrates and loads the catalog. */
const READY_WITHIN_MS = 5 * 60_000;
const STOPPED_WITHIN_MS = 30_000;

const dataDir = mkdtempSync(join(tmpdir(), 'sciai-smoke-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
// Only the embedded backend: nothing from the caller's shell may point it elsewhere.
for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'PUBLIC_URL', 'SMTP_URL', 'REDIS_URL']) {
  delete env[name];
}

// Its own process group, so that a failed run can take npm, the shell and the server down at once.
const server = spawn('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let output = '';
server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
let running = true;
void exited.then(() => (running = false));

function step(message: string): void {
  process.stdout.write(`smoke: ${message}\n`);
}

async function until<T>(what: string, withinMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (!running) throw new Error(`npm start exited while waiting for ${what}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${withinMs / 1000} s`);
    await sleep(250);
  }
}

async function expectStatus(url: string, status: number, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (response.status !== status) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status}, not ${status}`);
  return response;
}

async function smoke(): Promise<void> {
  const url = await until('"SciAI is serving" line', READY_WITHIN_MS, async () => {
    const match = /"msg":"SciAI is serving","url":"http:\/\/localhost:(\d+)"/.exec(output);
    return match ? `http://127.0.0.1:${match[1]}` : undefined;
  });
  step(`serving at ${url}`);
  await until('/healthz 200', 60_000, async () => ((await fetch(`${url}/healthz`)).ok ? true : undefined));
  step('/healthz 200');

  const page = await expectStatus(`${url}/`, 200);
  if (!(page.headers.get('content-type') ?? '').includes('text/html')) throw new Error('/ is not an HTML page');
  step('/ 200');

  // The anon key as the web app gets it.
  const config = await (await expectStatus(`${url}/config.js`, 200)).text();
  const anonKey = /"supabaseAnonKey":"([^"]+)"/.exec(config)?.[1];
  if (!anonKey) throw new Error(`/config.js names no anon key: ${config}`);

  const search = await expectStatus(`${url}/rest/v1/rpc/search_items`, 200, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ search: 'protein', page_size: 5 }),
  });
  const result = (await search.json()) as { total?: number; items?: Array<{ title?: string }> };
  if (!result.total || !result.items?.length)
    throw new Error(`search for "protein" found nothing: ${JSON.stringify(result)}`);
  step(`search_items "protein": ${result.total} results, first "${result.items[0]!.title}"`);

  // The server's pid is in the data directory's lock; npm and the shell pass its exit code on.
  const { pid } = JSON.parse(readFileSync(join(dataDir, 'sciai.lock'), 'utf8')) as { pid: number };
  process.kill(pid, 'SIGTERM');
  const code = await Promise.race([exited, sleep(STOPPED_WITHIN_MS).then(() => 'timeout' as const)]);
  if (code === 'timeout') throw new Error(`still running ${STOPPED_WITHIN_MS / 1000} s after SIGTERM`);
  if (code !== 0) throw new Error(`npm start exited with ${code} after SIGTERM`);
  if (existsSync(join(dataDir, 'sciai.lock'))) throw new Error('the data directory lock was left behind');
  step('SIGTERM: exit code 0, lock released');
}

try {
  await smoke();
  step('passed');
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`smoke: FAILED: ${(error as Error).message}\n--- npm start output ---\n${output}\n`);
  if (running && server.pid) process.kill(-server.pid, 'SIGKILL');
} finally {
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
