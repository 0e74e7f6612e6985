/**
 * CSV import at 100,000 papers: generates the file, then imports it with `sciai import` (a real
 * child process) into a scratch embedded backend running as `npm start` does: PGlite, and
 * PostgreSQL when BENCH_DATABASE_URL is set. Also times the browser preview's first paint (read
 * the file, parse and validate its first 100 rows). Usage:
 *   npm run bench:import
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:import
 *   BENCH_ROWS=20000 npm run bench:import     # a quicker run; BENCH_ENGINE=postgres for one engine
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { processCsv } from '@sciai/core';
import { loadOrCreateSecrets } from '@sciai/server';
import { createScratchDatabase } from '../tests/support/backend.ts';
import { CHECKOUT_ROOT } from './checkout.ts';
import { processCpuSeconds, runToEnd, servingUrl, spawnServer, stopServer } from './server-process.ts';
import { BENCH_DOMAINS, writePaperCsv } from './import-data.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL;
const NODE = join(CHECKOUT_ROOT, 'node_modules/.bin/node');
const work = mkdtempSync(join(tmpdir(), 'sciai-bench-import-'));
const csvPath = join(work, `papers-${ROWS}.csv`);

let started = performance.now();
const bytes = writePaperCsv(csvPath, ROWS);
console.warn(
  `generated ${ROWS} rows, ${(bytes / 1_048_576).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`,
);

// The browser preview: file.text(), then parse + validate the first 100 rows.
started = performance.now();
const preview = await processCsv(
  await readFile(csvPath, 'utf8'),
  'paper',
  { domains: BENCH_DOMAINS },
  { firstRows: 100 },
);
const previewMs = Math.round(performance.now() - started);
console.warn(`preview: ${preview.rows.length} rows validated in ${previewMs} ms`);

/** The part of `sciai import --json` the benchmark reads. */
const CliReportSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  outcome: z.object({ inserted: z.number() }).nullable(),
  timings: z.object({ parseValidateMs: z.number(), stagingMs: z.number(), commitMs: z.number(), totalMs: z.number() }),
  peakRssBytes: z.number(),
});

async function benchEngine(engine: 'pglite' | 'postgres') {
  const dataDir = join(work, `data-${engine}`);
  mkdirSync(dataDir);
  const scratch =
    engine === 'postgres' && adminUrl ? await createScratchDatabase(adminUrl, 'sciai_bench_import') : undefined;
  const server = spawnServer({ node: NODE, dataDir, databaseUrl: scratch?.url });
  try {
    const url = await servingUrl(server);
    const { serviceRoleKey } = await loadOrCreateSecrets(dataDir);
    // A fresh data directory's first start (migrations, catalog) has its own peak: note
    // it, then reset the kernel's high-water mark so the import's own peak is measured.
    const startupPeakKb = peakRssKb(server.pid);
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    // CPU seconds of the database work, which a busy machine does not inflate the way it does wall
    // time: the server process (PGlite runs in its worker thread) or PostgreSQL's backends.
    const cpu = await sampleDatabaseCpu(server.pid, scratch?.url);
    const wallStarted = performance.now();
    const cli = await runToEnd(
      NODE,
      [join(CHECKOUT_ROOT, 'cli/src/sciai.ts'), 'import', '--type', 'paper', csvPath, '--json'],
      {
        ...process.env,
        SUPABASE_URL: url,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        NO_COLOR: '1',
      },
    );
    const wallMs = Math.round(performance.now() - wallStarted);
    const databaseCpu = await cpu.stop();
    const report = CliReportSchema.parse(JSON.parse(cli.stdout));
    if (!report.ok) throw new Error(`import failed: ${report.error}`);
    const importMs = report.timings.totalMs;
    return {
      engine,
      rows: ROWS,
      inserted: report.outcome?.inserted ?? 0,
      parse_validate_ms: report.timings.parseValidateMs,
      staging_ms: report.timings.stagingMs,
      commit_ms: report.timings.commitMs,
      import_ms: importMs,
      cli_wall_ms: wallMs,
      rows_per_s: Math.round((ROWS / importMs) * 1000),
      cli_peak_rss_mb: Math.round(report.peakRssBytes / 1_048_576),
      backend_peak_rss_mb: Math.round(peakRssKb(server.pid) / 1024),
      database_cpu_s: Number(databaseCpu.toFixed(1)),
      load_average: Number(loadavg()[0]!.toFixed(1)),
      backend_startup_peak_rss_mb: Math.round(startupPeakKb / 1024),
    };
  } finally {
    await stopServer(server);
    await scratch?.drop();
  }
}

/** The processes doing the database work: the server, or PostgreSQL's backends for the database. */
async function databasePids(serverPid: number | undefined, databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [serverPid!];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds those processes spend from now until stop(). Sampled every half second, because a
 * pooled PostgreSQL connection may close before the end: each counts up to its last sample, from
 * where it was at the start (or from zero when it opened later).
 */
async function sampleDatabaseCpu(serverPid: number | undefined, databaseUrl: string | undefined) {
  const start = new Map<number, number>();
  const latest = new Map<number, number>();
  const sample = async (into: Map<number, number>) => {
    for (const pid of await databasePids(serverPid, databaseUrl)) {
      try {
        into.set(pid, processCpuSeconds(pid));
      } catch {
        // a connection that closed in between
      }
    }
  };
  await sample(start);
  let sampling = Promise.resolve();
  const timer = setInterval(() => (sampling = sampling.then(() => sample(latest)).catch(() => undefined)), 500);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await sampling;
      await sample(latest);
      let total = 0;
      for (const [pid, seconds] of latest) total += seconds - (start.get(pid) ?? 0);
      return total;
    },
  };
}

/** The kernel's high-water mark of the process's resident memory (VmHWM), in KiB. */
function peakRssKb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

const date = new Date().toISOString().slice(0, 10);
const only = process.env.BENCH_ENGINE;
const engines = (adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  (engine) => !only || engine === only,
);
try {
  for (const engine of engines) {
    const result = {
      ...(await benchEngine(engine)),
      preview_first_100_ms: previewMs,
      file_mb: Number((bytes / 1_048_576).toFixed(1)),
    };
    console.warn(JSON.stringify(result, null, 2));
    writeFileSync(
      join(CHECKOUT_ROOT, `bench/results/import-${engine}-${date}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
