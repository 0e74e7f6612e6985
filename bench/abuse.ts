/**
 * The site under abuse: a real server process (as `npm start` runs it) serves normal browsing at
 * 16 concurrent visitors while a few attacker addresses send the hostile requests of
 * docs/security.md at a steady rate and /healthz is polled every 250 ms. The visitors browse alone
 * for a quiet phase first (BENCH_QUIET_S, default a fifth of the run), so the run compares their
 * latency under attack with their latency in the same minutes without it. The attack also sends
 * JSON-RPC batches to /mcp, floods a refused token from one address, makes searches that are each
 * new to the search cache from many addresses, and takes a backup (`sciai db dump`) halfway
 * through (abuse/attacks.ts). Reports the visitors' latency and errors by phase, /healthz's tail,
 * the answers the hostile requests got, the backup's outcome, the search cache's size, server
 * exits and the memory of the server's process tree from start to end. PGlite always; PostgreSQL too with
 * BENCH_DATABASE_URL (a scratch database on that server). Usage:
 *   npm run bench:abuse                               # 5 minutes per engine
 *   npm run bench:abuse -- --duration 90              # a quick run (RSS growth counted after min(60 s, half))
 *   npm run bench:abuse -- --engine pglite            # one engine (or BENCH_ENGINE)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:abuse
 *   BENCH_HOSTILE_PER_S (default 4), BENCH_CONNECTIONS (default 16), BENCH_QUIET_S,
 *   BENCH_TOKEN_FLOOD_PER_S (default 50), BENCH_UNIQUE_SEARCHES_PER_S (default 4)
 *   BENCH_SERVER_NODE_FLAGS replaces npm start's Node flags; BENCH_LABEL ends the result's file name
 * The parts: abuse/server.ts (the server process, its memory and disk), abuse/traffic.ts (visitors
 * and the /healthz poller), abuse/hostile.ts and abuse/attacks.ts (the attack), abuse/report.ts
 * (result and table).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadOrCreateSecrets, REPO_ROOT } from '@sciai/server';
import { createScratchDatabase } from '../tests/support/backend.ts';
import {
  mcpBatchKind,
  runDump,
  searchCacheSize,
  startTokenFlood,
  startUniqueSearches,
  type DumpOutcome,
} from './abuse/attacks.ts';
import { hostileKinds, startHostile } from './abuse/hostile.ts';
import { engineReport, phaseReport, printTable, type Result } from './abuse/report.ts';
import {
  dataDirectoryMb,
  memorySample,
  postgresBackends,
  postgresSize,
  cpuBetween,
  processCpu,
  processTree,
  SERVER_NODE_FLAGS,
  startServer,
  type MemorySample,
} from './abuse/server.ts';
import { readCatalog, startHealthPolling, startVisitors } from './abuse/traffic.ts';

const { values: args } = parseArgs({
  options: { duration: { type: 'string' }, engine: { type: 'string' } },
  allowPositionals: false,
});
const DURATION_S = Number(args.duration ?? process.env.BENCH_DURATION ?? 300);
const VISITORS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HOSTILE_PER_S = Number(process.env.BENCH_HOSTILE_PER_S ?? 4);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? Math.round(DURATION_S / 5));
const TOKEN_FLOOD_PER_S = Number(process.env.BENCH_TOKEN_FLOOD_PER_S ?? 50);
const UNIQUE_SEARCHES_PER_S = Number(process.env.BENCH_UNIQUE_SEARCHES_PER_S ?? 4);
const HEALTH_EVERY_MS = 250;
const RSS_EVERY_MS = 5_000;
const adminUrl = process.env.BENCH_DATABASE_URL;

type Engine = 'pglite' | 'postgres';

async function benchEngine(engine: Engine): Promise<Result> {
  const benchStarted = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), `sciai-bench-abuse-${engine}-`));
  const scratch = engine === 'postgres' ? await createScratchDatabase(adminUrl, 'sciai_bench_abuse') : undefined;
  const server = await startServer(dataDir, scratch?.url, benchStarted);
  const startup_s = Number(((performance.now() - benchStarted) / 1000).toFixed(1));
  const { anonKey, serviceRoleKey } = await loadOrCreateSecrets(dataDir);
  const api = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const headers = { api, json: { ...api, 'content-type': 'application/json' } };
  const { base } = server;
  const catalog = await readCatalog(base, headers);
  console.warn(
    `${engine}: serving at ${base} after ${startup_s} s; ${catalog.items.length} items, ${catalog.words.length} title words`,
  );
  const pgliteDir = scratch ? undefined : join(dataDir, 'pglite');

  // This process's own event loop: when it lags, the latencies it measures grow with it.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();

  const memory: MemorySample[] = [memorySample(server, 0, pgliteDir)];
  const treeAtStart = processTree(server.process.pid!);
  const load_start = loadavg().map((value) => Number(value.toFixed(2)));
  const postgres_start = scratch ? await postgresBackends(scratch.url) : undefined;
  const disk_start = scratch ? await postgresSize(scratch.url) : dataDirectoryMb(dataDir);
  const cpuStart = processCpu(server.process.pid!);
  const loadStarted = performance.now();
  const secondsIn = () => Math.round((performance.now() - loadStarted) / 1000);

  const visitors = startVisitors(base, headers, catalog, VISITORS, loadStarted);
  const health = startHealthPolling(base, HEALTH_EVERY_MS, loadStarted);
  const cache_before = await searchCacheSize(base, serviceRoleKey, scratch?.url);

  // The quiet phase: the same visitors without the attack, for the latency to compare with.
  await new Promise((resolve) => setTimeout(resolve, QUIET_S * 1000));
  const quietCounts = new Map([...visitors.byRequest].map(([name, entry]) => [name, entry.ms.length]));
  const hostile = startHostile([...hostileKinds(base, headers), mcpBatchKind(base)], HOSTILE_PER_S);
  const floods = [
    startTokenFlood(base, headers, TOKEN_FLOOD_PER_S),
    startUniqueSearches(base, headers, catalog, UNIQUE_SEARCHES_PER_S),
  ];
  const dumpAt_s = QUIET_S + (DURATION_S - QUIET_S) / 2;
  let dump: Promise<DumpOutcome> | undefined;
  const dumpTimer = setTimeout(
    () => {
      dump = runDump(dataDir, scratch?.url, secondsIn());
    },
    (dumpAt_s - QUIET_S) * 1000,
  );
  const memoryTimer = setInterval(() => memory.push(memorySample(server, secondsIn(), pgliteDir)), RSS_EVERY_MS);
  const progressTimer = setInterval(() => {
    const searches = visitors.byRequest.get('search_items')?.ms.length ?? 0;
    const sample = memory.at(-1);
    console.warn(
      `${engine}: ${secondsIn()} s, ${searches} searches, ${visitors.errors.length} errors, ${hostile.sent()} hostile, ` +
        `RSS ${sample?.total_mb} MB${sample?.pg_wal_mb === undefined ? '' : `, pg_wal ${sample.pg_wal_mb} MB`}, ` +
        `load ${loadavg()[0]!.toFixed(1)}`,
    );
  }, 30_000);

  await new Promise((resolve) => {
    const stop = setTimeout(resolve, (DURATION_S - QUIET_S) * 1000);
    server.process.once('exit', () => {
      clearTimeout(stop);
      resolve(undefined);
    });
  });
  clearTimeout(dumpTimer);
  await Promise.all([visitors.stop(), hostile.stop(), health.stop(), ...floods.map((flood) => flood.stop())]);
  const elapsed_s = Number(((performance.now() - loadStarted) / 1000).toFixed(1));
  const dumpOutcome = await dump;
  const cache_after =
    server.process.exitCode === null ? await searchCacheSize(base, serviceRoleKey, scratch?.url) : undefined;
  clearInterval(memoryTimer);
  clearInterval(progressTimer);
  memory.push(memorySample(server, Math.round(elapsed_s), pgliteDir));
  benchLoop.disable();
  const cpuEnd = processCpu(server.process.pid!);
  const load_end = loadavg().map((value) => Number(value.toFixed(2)));
  const postgres_end = scratch && server.process.exitCode === null ? await postgresBackends(scratch.url) : undefined;
  // every search writes its page and facets to the search cache, kept 10 minutes
  const disk_end = scratch ? await postgresSize(scratch.url) : dataDirectoryMb(dataDir);

  const result = engineReport({
    engine,
    elapsed_s,
    visitors: VISITORS,
    hostile_per_s: HOSTILE_PER_S,
    startup_s,
    load_start,
    load_end,
    normal: visitors.byRequest,
    normalErrors: visitors.errors,
    health: health.answers,
    healthFailures: health.failures,
    databasePing: health.databasePing,
    gatewayLoop: health.gatewayLoop(),
    hostile: { sent: hostile.sent(), skipped: hostile.skipped(), byKind: hostile.byKind },
    attack: {
      quiet_s: QUIET_S,
      phases: phaseReport(visitors.byRequest, quietCounts),
      floods: floods.map((flood) => ({
        name: flood.name,
        sent: flood.sent(),
        skipped: flood.skipped(),
        answers: Object.fromEntries(flood.byStatus),
      })),
      dump: dumpOutcome,
      search_cache: { before: cache_before, after: cache_after },
    },
    server,
    memory,
    treeAtStart,
    treeAtEnd: processTree(server.process.pid!),
    serverNodeFlags: SERVER_NODE_FLAGS,
    serverCpu: cpuBetween(cpuStart, cpuEnd),
    postgres_start,
    postgres_end,
    disk_start,
    disk_end,
    benchLoop: {
      p99_ms: Number((benchLoop.percentile(99) / 1e6).toFixed(1)),
      max_ms: Number((benchLoop.max / 1e6).toFixed(1)),
    },
  });

  server.process.kill('SIGTERM');
  if (server.process.exitCode === null) await new Promise((resolve) => server.process.once('exit', resolve));
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

const only = args.engine ?? process.env.BENCH_ENGINE;
const engines = (adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  (engine) => !only || engine === only,
);
if (engines.length === 0) throw new Error(`no engine to run: --engine ${only} (postgres needs BENCH_DATABASE_URL)`);
const results: Result[] = [];
const date = new Date().toISOString().slice(0, 10);
mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
for (const engine of engines) {
  const result = await benchEngine(engine);
  results.push(result);
  // the default run keeps the plain name; shorter or differently mixed runs say how they differ
  const variant =
    (DURATION_S === 300 && HOSTILE_PER_S === 4 ? '' : `-${DURATION_S}s-${HOSTILE_PER_S}-hostile-per-s`) +
    (process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '');
  const file = join(REPO_ROOT, 'bench/results', `abuse-${engine}-${date}${variant}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.warn(`wrote ${file}`);
}
printTable(results);
