import { randomInt } from 'node:crypto';
/**
 * Discovery at 100,000 items: seeds a scratch database with the catalog plus a synthetic
 * catalog, starts the embedded backend, and drives the calls the web app makes with autocannon
 * at 1 and 16 connections. Usage:
 *   npm run bench                                   # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # PostgreSQL
 *   BENCH_ITEMS=20000 BENCH_SECONDS=5 npm run bench # a quicker run
 *   BENCH_SCRATCH=/tmp/sciai-bench-100k npm run bench  # seed once, reuse on later runs
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateSyntheticCatalog } from '@sciai/core';
import { startBackend } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { CHECKOUT_ROOT } from './checkout.ts';
import { servingUrl, spawnServer, startUpWorkDone } from './server-process.ts';
import { benchScratch } from './kept-scratch.ts';
import { SEARCH_BODIES } from './search-bodies.ts';
import { NAIVE_SEARCH_SQL, naiveSearchParams, uniqueSearchBodies, type SearchBody } from './search-baseline.ts';
import { interleaved } from './interleaved-timing.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
/** Unique searches per pass of the uncached comparison with the naive baseline. */
const UNIQUE = Number(process.env.BENCH_UNIQUE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';

// Seeding 100,000 items takes minutes. With BENCH_SCRATCH (a directory) the scratch data
// directory — and, on PostgreSQL, the name of the scratch database, kept in a file inside it —
// survive the run, and a later run with the same item count skips the seeding. New migrations
// still apply when the backend starts, so a kept catalog measures the current SQL.
const keptDir = process.env.BENCH_SCRATCH;
const { dataDir, scratch, alreadySeeded, markSeeded } = await benchScratch({
  engine,
  adminUrl,
  keptDir,
  tmpPrefix: `sciai-bench-${engine}-`,
  databaseName: 'sciai_bench',
  items: ITEMS,
});
let started = performance.now();
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url });
const startup_ms = Math.round(performance.now() - started);
started = performance.now();
if (!alreadySeeded) {
  await loadCatalog(backend.db.pool, generateSyntheticCatalog(ITEMS), {
    markAsSample: true,
    onProgress: (done, total) => {
      if (done % 20_000 === 0 || done === total) console.warn(`seeded ${done}/${total}`);
    },
  });
  // The catalog is measured as `sciai seed --synthetic` leaves it: no VACUUM FULL, no statistics
  // gathered here. Whatever the seeder or the server's maintenance does is what a user gets.
  markSeeded();
} else {
  console.warn(`reusing the catalog seeded in ${dataDir}`);
}
// A kept catalog holds the previous run's cached answers: forget them, or the cold pass is not.
await backend.db.pool.query('truncate public.search_cache');
const seed_ms = alreadySeeded ? null : Math.round(performance.now() - started);

// four synthetic items, the same ones on every run over the same catalog
const syntheticSlugs = (
  await backend.db.pool.query<{ slug: string }>(
    "select slug from public.content_items where slug like 'synthetic-%' and status = 'published' order by md5(slug) limit 4",
  )
).rows.map((row) => row.slug);
const { anonKey } = backend.secrets;

// Uncached searches against the naive baseline: each body is sent once (the cache never answers),
// product and baseline alternating which goes first. Half the bodies are timed here, in the
// database (the SQL of search_items() as the gateway's PostgREST calls it, without the hops);
// the other half through the gateway below.
const uniqueBodies = uniqueSearchBodies(2 * UNIQUE);
const sqlBodies = uniqueBodies.slice(0, UNIQUE);
const gatewayBodies = uniqueBodies.slice(UNIQUE);
const productSql = `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
  organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => $9, page_size => $10)`;
// The baseline's parameters are search_items()'s first seven, in the same order.
const productParams = (body: SearchBody) => [
  ...naiveSearchParams(body),
  body.sort_by,
  body.page_offset,
  body.page_size,
];
const naive = (pool: Pick<pg.Pool, 'query'>) => (body: SearchBody) =>
  pool.query(NAIVE_SEARCH_SQL, naiveSearchParams(body));
const uncached_sql = await interleaved(
  sqlBodies,
  (body) => backend.db.pool.query(productSql, productParams(body)),
  naive(backend.db.pool),
);
console.warn(JSON.stringify({ uncached_sql }));
await backend.stop();

// The server runs as `npm start` does, in a process of its own, so the load generator here
// does not share its event loop.
const server = spawnServer({
  node: process.execPath,
  dataDir,
  databaseUrl: scratch?.url,
  // Each simulated visitor comes through this machine with an address of its own: the gateway
  // counts every address (only the service-role key is exempt), and visitors are many.
  env: { TRUST_PROXY: 'loopback' },
});
const base = await servingUrl(server);
// Timed once the server has made its open-data files, as a running server has (server-process.ts).
await startUpWorkDone(dataDir);
const visitorAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' };
const visitorHeaders = () => ({ ...headers, 'x-forwarded-for': visitorAddress() });

const detailProbe = await fetch(`${base}/rest/v1/rpc/item_details`, {
  method: 'POST',
  headers: visitorHeaders(),
  body: '{"slugs":["alphafold"]}',
});
await detailProbe.arrayBuffer();
const relatedBodies = ['alphafold', ...syntheticSlugs].map((slug) => JSON.stringify({ item_slug: slug, max_items: 4 }));
const searchBodies = SEARCH_BODIES.map((body) => JSON.stringify(body));

type Scenario = { name: string; requests: autocannon.Request[] };
const scenarios: Scenario[] = [
  {
    name: 'search rpc (term + two filters)',
    requests: [
      {
        method: 'POST',
        path: '/rest/v1/rpc/search_items',
        headers,
        setupRequest: (request) => ({
          ...request,
          body: searchBodies[Math.floor(Math.random() * searchBodies.length)],
        }),
      },
    ],
  },
  {
    name: 'landing domain counts',
    requests: [{ method: 'GET', path: '/rest/v1/domain_counts?select=domain_id,slug,count', headers }],
  },
  { name: 'page / (HTML)', requests: [{ method: 'GET', path: '/' }] },
  { name: 'page /browse (HTML)', requests: [{ method: 'GET', path: '/browse' }] },
  { name: 'page /tool/alphafold (HTML)', requests: [{ method: 'GET', path: '/tool/alphafold' }] },
];
if (detailProbe.ok) {
  scenarios.splice(
    1,
    0,
    {
      name: 'detail fetch rpc',
      requests: [
        { method: 'POST', path: '/rest/v1/rpc/item_details', headers, body: JSON.stringify({ slugs: ['alphafold'] }) },
      ],
    },
    // the detail page's second call: four related items, for the sample's AlphaFold and for
    // synthetic items (whose fields are shared by thousands at 100,000)
    {
      name: 'related items rpc',
      requests: [
        {
          method: 'POST',
          path: '/rest/v1/rpc/related_items',
          headers,
          setupRequest: (request) => ({
            ...request,
            body: relatedBodies[Math.floor(Math.random() * relatedBodies.length)],
          }),
        },
      ],
    },
  );
}

// Every request comes from a visitor of its own: the load is many visitors, and the gateway
// counts each address (100 a minute per endpoint).
for (const scenario of scenarios) {
  for (const request of scenario.requests) {
    const setup = request.setupRequest;
    request.setupRequest = (sent, context) => {
      const prepared = typeof setup === 'function' ? setup(sent, context) : sent;
      return { ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': visitorAddress() } };
    };
  }
}

// The same comparison through the gateway, as the web app calls it. On PostgreSQL the baseline
// runs beside it on a connection of its own; PGlite's one data directory belongs to the server.
const baselinePool = scratch ? new pg.Pool({ connectionString: scratch.url, max: 1 }) : undefined;
const uncached_gateway = await interleaved(
  gatewayBodies,
  async (body) => {
    const response = await fetch(`${base}/rest/v1/rpc/search_items`, {
      method: 'POST',
      headers: visitorHeaders(),
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search_items answered ${response.status}`);
  },
  baselinePool ? naive(baselinePool) : undefined,
);
await baselinePool?.end();
console.warn(JSON.stringify({ uncached_gateway }));

// The first time each query runs it computes facets and fills the search cache; measure that
// cold pass on its own, then the steady state the cache gives repeated queries.
const cold: number[] = [];
for (const body of searchBodies) {
  const begin = performance.now();
  const response = await fetch(`${base}/rest/v1/rpc/search_items`, { method: 'POST', headers: visitorHeaders(), body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`search_items answered ${response.status}`);
  cold.push(performance.now() - begin);
}
cold.sort((a, b) => a - b);
const search_cold = {
  queries: cold.length,
  p50_ms: Number(cold[Math.floor(cold.length / 2)]!.toFixed(1)),
  p95_ms: Number(cold[Math.floor(cold.length * 0.95)]!.toFixed(1)),
  max_ms: Number(cold[cold.length - 1]!.toFixed(1)),
};
console.warn(JSON.stringify({ search_cold }));

const results: Array<Record<string, unknown>> = [];
for (const scenario of scenarios) {
  for (const connections of [1, 16]) {
    const latencies: number[] = [];
    const run = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: base, connections, duration: SECONDS, requests: scenario.requests },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(2));
    const row = {
      scenario: scenario.name,
      connections,
      requests_per_s: Math.round(run.requests.average),
      p50_ms: at(0.5),
      p95_ms: at(0.95),
      p99_ms: at(0.99),
      errors: run.errors + run.non2xx,
    };
    results.push(row);
    console.warn(JSON.stringify(row));
  }
}
const health = (await (await fetch(`${base}/healthz`)).json()) as { event_loop: { p99_ms: number; max_ms: number } };

const summary = {
  engine,
  items: ITEMS + 210,
  machine: `${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version}`,
  startup_ms,
  seed_ms,
  uncached_sql,
  uncached_gateway,
  search_cold,
  gateway_event_loop_delay: health.event_loop,
  results,
};
mkdirSync(join(CHECKOUT_ROOT, 'bench/results'), { recursive: true });
const file = join(CHECKOUT_ROOT, 'bench/results', `search-${engine}-${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
console.warn(`wrote ${file}`);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
if (!keptDir) {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
