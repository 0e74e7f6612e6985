/**
 * Where a search call's time goes between the database and the visitor: the same search_items()
 * call timed in SQL (the bench's own connection), straight to PostgREST over its unix socket, and
 * through the gateway (in this process, as `buildGateway` serves it). Each body runs once per hop,
 * uncached (its cache entries deleted before each call) and then cached (its page answered from
 * search_cache, so only the hop's fixed costs and the 20 cards' JSON are left); the order of the
 * hops rotates with each body, so the buffer cache favours none. Usage:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ITEMS=100000 \
 *     BENCH_SCRATCH=/tmp/sciai-100k-pg ./node_modules/.bin/node bench/search-hops.ts
 * BENCH_UNIQUE (100) bodies; BENCH_SCRATCH reuses a catalog seeded by search-explain.ts or
 * search-at-scale.ts with the same item count.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticCatalog } from '@sciai/core';
import { buildGateway, REPO_ROOT, startBackend } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { benchScratch } from './kept-scratch.ts';
import { naiveSearchParams, uniqueSearchBodies, type SearchBody } from './search-baseline.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const UNIQUE = Number(process.env.BENCH_UNIQUE ?? 100);
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';
const { dataDir, scratch, alreadySeeded, markSeeded } = await benchScratch({
  engine,
  adminUrl,
  keptDir: process.env.BENCH_SCRATCH,
  tmpPrefix: `sciai-search-hops-${engine}-`,
  databaseName: 'sciai_search_hops',
  items: ITEMS,
});
// No background jobs: the trending refresh or the open-data files would be timed with the calls.
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url }, { backgroundJobs: false });
if (!alreadySeeded) {
  await loadCatalog(backend.db.pool, generateSyntheticCatalog(ITEMS), { markAsSample: true });
  markSeeded();
}
const pool = backend.db.pool;
await pool.query('truncate public.search_cache');
const gateway = await buildGateway({
  backend,
  publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
  webDist: join(REPO_ROOT, 'web/dist'),
  logLevel: 'warn',
  trustProxy: ['loopback'],
  sendOutboxMail: false,
});
await gateway.listen({ port: 0, host: '127.0.0.1' });
const address = gateway.server.address();
const gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const key = backend.secrets.anonKey;
const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
let visitor = 0;

const productSql = `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
  organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => $9, page_size => $10)`;
// One client for both hops, node:http, which neither decompresses nor keeps a body stream: what
// differs between them is the server's work. The gateway compresses as it does for a browser.
const post = (
  target: { socketPath: string } | { host: string; port: number },
  path: string,
  body: string,
  extra = {},
) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      { ...target, method: 'POST', path, headers: { ...headers, ...extra, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString().slice(0, 300) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
const postgrestTarget = backend.postgrest.socketPath
  ? { socketPath: backend.postgrest.socketPath }
  : { host: new URL(backend.postgrest.upstream).hostname, port: Number(new URL(backend.postgrest.upstream).port) };
const gatewayTarget = { host: '127.0.0.1', port: Number(new URL(gatewayUrl).port) };
const HOPS: Record<string, (body: SearchBody) => Promise<unknown>> = {
  sql: (body) => pool.query(productSql, [...naiveSearchParams(body), body.sort_by, body.page_offset, body.page_size]),
  postgrest: async (body) => {
    const { status, text } = await post(postgrestTarget, '/rpc/search_items', JSON.stringify(body));
    if (status !== 200) failures.push(`PostgREST ${status}: ${text}`);
  },
  gateway: async (body) => {
    visitor += 1;
    const { status, text } = await post(gatewayTarget, '/rest/v1/rpc/search_items', JSON.stringify(body), {
      'x-forwarded-for': `198.18.${(visitor >> 8) & 255}.${visitor & 255}`,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    if (status !== 200) failures.push(`gateway ${status}: ${text}`);
  },
};
/** Answers other than 200 (a statement cut by anon's 3 s timeout on a loaded machine): counted, not timed apart. */
const failures: string[] = [];
const names = Object.keys(HOPS);
const times: Record<string, { uncached: number[]; cached: number[] }> = Object.fromEntries(
  names.map((name) => [name, { uncached: [], cached: [] }]),
);
// CPU time (ms) besides wall time: on a shared machine wall times move with the load, CPU time
// much less. Per process: this one (client and gateway), PostgREST, and the scratch database's
// backends (clock ticks from /proc, summed over all calls of a kind).
const tickMs = 10;
const ticksOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};
const databasePids = async () =>
  (await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).rows.map(
    (row) => row.pid,
  );
const postgrestPid = backend.postgrest.pid;
const cpu: Record<string, { own: number; postgrest: number; database: number }> = {};
const timed = async (label: string, run: () => Promise<unknown>) => {
  const pids = engine === 'postgres' ? await databasePids() : [];
  const database0 = pids.reduce((sum, pid) => sum + ticksOf(pid), 0);
  const postgrest0 = postgrestPid ? ticksOf(postgrestPid) : 0;
  const own0 = process.cpuUsage();
  const begin = performance.now();
  await run();
  const wall = performance.now() - begin;
  const own = process.cpuUsage(own0);
  const total = (cpu[label] ??= { own: 0, postgrest: 0, database: 0 });
  total.own += (own.user + own.system) / 1000;
  total.postgrest += ((postgrestPid ? ticksOf(postgrestPid) : 0) - postgrest0) * tickMs;
  total.database += (pids.reduce((sum, pid) => sum + ticksOf(pid), 0) - database0) * tickMs;
  return wall;
};
const bodies = uniqueSearchBodies(UNIQUE, Number(process.env.BENCH_SEED ?? 20261128));
const loadStart = loadavg()[0]!;
for (const [index, body] of bodies.entries()) {
  const order = names.map((_, i) => names[(i + index) % names.length]!);
  for (const name of order) {
    await pool.query('delete from public.search_cache');
    times[name]!.uncached.push(await timed(`${name} uncached`, () => HOPS[name]!(body)));
  }
  for (const name of order) times[name]!.cached.push(await timed(`${name} cached`, () => HOPS[name]!(body)));
}
const at = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
};
const summary = Object.fromEntries(
  names.map((name) => [
    name,
    Object.fromEntries(
      (['uncached', 'cached'] as const).map((kind) => [
        kind,
        { p50_ms: at(times[name]![kind], 0.5), p95_ms: at(times[name]![kind], 0.95) },
      ]),
    ),
  ]),
);
const cpu_ms_per_call = Object.fromEntries(
  Object.entries(cpu).map(([label, total]) => [
    label,
    Object.fromEntries(Object.entries(total).map(([part, ms]) => [part, Number((ms / bodies.length).toFixed(2))])),
  ]),
);
process.stdout.write(
  `${JSON.stringify({ engine, queries: bodies.length, ...summary, cpu_ms_per_call, failures, load: [loadStart, loadavg()[0]!].map((v) => Number(v.toFixed(2))) }, null, 2)}\n`,
);
await gateway.close();
await backend.stop();
if (!process.env.BENCH_SCRATCH) await scratch?.drop();
