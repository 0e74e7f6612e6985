/**
 * The README's first command, timed: `npm start` on an empty DATA_DIR (web build, migrations,
 * the whole catalog loaded) until /healthz answers 200, three times; then a restart on the data
 * directory the last one left (no catalog to load), as the floor measured in the same minutes.
 * Prints each run with the load average. Usage: npm run bench:first-start
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.FIRST_START_RUNS ?? 3);
const PORT = 4790;

interface Start {
  healthyMs: number;
  /** from the server's 'catalog loaded' line, when it printed one */
  catalogLine?: string;
}

async function timeStart(dataDir: string): Promise<Start> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1' };
  for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'PUBLIC_URL', 'SMTP_URL', 'REDIS_URL']) {
    delete env[name];
  }
  env.LOG_FORMAT = 'json';
  const started = performance.now();
  const server = spawn('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<void>((done) =>
    server.once('exit', () => {
      running = false;
      done();
    }),
  );
  try {
    for (;;) {
      if (!running) throw new Error(`the server exited:\n${output.slice(-2000)}`);
      if (performance.now() - started > 180_000) throw new Error(`not healthy within 180 s:\n${output.slice(-2000)}`);
      const healthy = await fetch(`http://127.0.0.1:${PORT}/healthz`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (healthy) break;
      await sleep(100);
    }
    const healthyMs = performance.now() - started;
    const catalogLine = output.split('\n').find((line) => line.includes('catalog loaded'));
    return { healthyMs, catalogLine };
  } finally {
    if (running) process.kill(-server.pid!, 'SIGTERM');
    await exited;
    // the server's own process may outlive npm's by a moment: its data directory lock says when it is gone
    const deadline = Date.now() + 30_000;
    while (existsSync(join(dataDir, 'sciai.lock')) && Date.now() < deadline) await sleep(100);
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const print = (line: string) => process.stdout.write(`${line}\n`);

print(`npm start on an empty data directory, until /healthz answers (${RUNS} runs)`);
let last: string | undefined;
for (let run = 1; run <= RUNS; run += 1) {
  if (last) rmSync(last, { recursive: true, force: true });
  last = mkdtempSync(join(tmpdir(), 'sciai-first-start-'));
  const before = load();
  const result = await timeStart(last);
  const inserted = /"inserted":(\d+)/.exec(result.catalogLine ?? '')?.[1] ?? '?';
  print(
    `  run ${run}: ${(result.healthyMs / 1000).toFixed(1)} s, ${inserted} items loaded; load average ${before} → ${load()}`,
  );
}
const restart = await timeStart(last!);
print(`  restart on that data directory (nothing to load): ${(restart.healthyMs / 1000).toFixed(1)} s; load ${load()}`);
rmSync(last!, { recursive: true, force: true });
