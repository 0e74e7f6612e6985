/**
 * The CLI's memory on a large CSV: generates a paper CSV (1,000,000 rows by default, in the
 * system's temporary directory, kept for the next run), starts the server as its own process on a
 * scratch PGlite, and runs `sciai import --json` as a child process against it, as a dry run and,
 * with BENCH_WRITE=1, as a real import too. Prints the CLI's peak RSS (its own report), the time,
 * and for the real import the server's peak RSS. Usage:
 *   node bench/import-memory.ts
 *   BENCH_ROWS=100000 BENCH_WRITE=1 node bench/import-memory.ts
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { loadOrCreateSecrets } from '@sciai/server';
import { CHECKOUT_ROOT } from './checkout.ts';
import { writePaperCsv } from './import-data.ts';
import { runToEnd, servingUrl, spawnServer, stopServer } from './server-process.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const WRITE = process.env.BENCH_WRITE === '1';
const NODE = join(CHECKOUT_ROOT, 'node_modules/.bin/node');
/** Abstracts of 10 words (about 400 bytes a row), so the file's text fits in one JavaScript string. */
const ABSTRACT_WORDS = Number(process.env.BENCH_ABSTRACT_WORDS ?? 10);
const csvPath = join(tmpdir(), `sciai-bench-papers-${ROWS}-${ABSTRACT_WORDS}.csv`);
if (!existsSync(csvPath)) writePaperCsv(csvPath, ROWS, ABSTRACT_WORDS);
console.warn(`${csvPath}: ${ROWS} rows, ${(statSync(csvPath).size / 1_048_576).toFixed(1)} MB`);

const ReportSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  totalRows: z.number(),
  validRows: z.number(),
  outcome: z.object({ inserted: z.number() }).nullable(),
  timings: z.object({ parseValidateMs: z.number(), stagingMs: z.number(), commitMs: z.number(), totalMs: z.number() }),
  peakRssBytes: z.number(),
});

const peakRssKb = (pid: number | undefined) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const work = mkdtempSync(join(tmpdir(), 'sciai-bench-import-memory-'));
const dataDir = join(work, 'data');
mkdirSync(dataDir);
const server = spawnServer({ node: NODE, dataDir, databaseUrl: undefined });
try {
  const url = await servingUrl(server);
  const { serviceRoleKey } = await loadOrCreateSecrets(dataDir);
  const env = { ...process.env, SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey, NO_COLOR: '1' };
  for (const dryRun of WRITE ? [true, false] : [true]) {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const started = performance.now();
    // As `npx sciai` runs it: the launcher starts the CLI with its heap limits.
    const args = [join(CHECKOUT_ROOT, 'cli/bin/sciai.js'), 'import', '--type', 'paper', csvPath, '--json'];
    const cli = await runToEnd(NODE, dryRun ? [...args, '--dry-run'] : args, env);
    const report = ReportSchema.parse(JSON.parse(cli.stdout));
    console.warn(
      JSON.stringify({
        rows: ROWS,
        dryRun,
        ok: report.ok,
        error: report.error,
        totalRows: report.totalRows,
        inserted: report.outcome?.inserted ?? null,
        cliPeakRssMb: Math.round(report.peakRssBytes / 1_048_576),
        serverPeakRssMb: Math.round(peakRssKb(server.pid) / 1024),
        timings: report.timings,
        wallMs: Math.round(performance.now() - started),
        loadAverage: loadavg().map((value) => value.toFixed(2)),
      }),
    );
  }
} finally {
  await stopServer(server);
  rmSync(work, { recursive: true, force: true });
}
