/**
 * The open API surfaces at 100,000 items: MCP `search_catalog` against the search RPC it wraps
 * (`/rest/v1/rpc/search_items` through the gateway, as the web app calls it), with the same SQL
 * call in the database beside them for the share of the HTTP hops, the same searches interleaved
 * in the same run; the README badge; and one generation of
 * the open-data files (dumps + llms-full.txt) in a process of its own for its time and peak RSS.
 * Usage:
 *   npm run bench:api                                   # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   BENCH_ITEMS=20000 npm run bench:api                 # a quicker run
 *   BENCH_SCRATCH=/tmp/sciai-bench-100k npm run bench:api   # seed once, reuse (as npm run bench)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticCatalog } from '@sciai/core';
import { buildGateway, startBackend, REPO_ROOT } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { benchScratch } from './kept-scratch.ts';
import { SEARCH_BODIES } from './search-bodies.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';

const keptDir = process.env.BENCH_SCRATCH;
const { dataDir, scratch, alreadySeeded, markSeeded } = await benchScratch({
  engine,
  adminUrl,
  keptDir,
  tmpPrefix: `sciai-bench-api-${engine}-`,
  databaseName: 'sciai_bench_api',
  items: ITEMS,
});
// No background jobs: the open-data refresher would generate during the measurements.
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url }, { backgroundJobs: false });
if (!alreadySeeded) {
  await loadCatalog(backend.db.pool, generateSyntheticCatalog(ITEMS), {
    markAsSample: true,
    onProgress: (done, total) => {
      if (done % 20_000 === 0 || done === total) console.warn(`seeded ${done}/${total}`);
    },
  });
  markSeeded();
}
const gateway = await buildGateway({
  backend,
  publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
  webDist: join(REPO_ROOT, 'web/dist'),
  logLevel: 'warn',
  sendOutboxMail: false,
});
await gateway.listen({ port: 0, host: '127.0.0.1' });
const address = gateway.server.address();
if (!address || typeof address !== 'object') throw new Error('no gateway address');
const base = `http://127.0.0.1:${address.port}`;
const { anonKey, serviceRoleKey } = backend.secrets;
// The service-role key is exempt from the per-address limit; the anon key is what callers use.
const limitExempt = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };

const badgeSlugs = (
  await backend.db.pool.query<{ content_type: string; slug: string }>(
    "select content_type, slug from public.content_items where status = 'published' order by md5(slug) limit 20",
  )
).rows;
const prefix: Record<string, string> = { software: 'tool', paper: 'paper', company: 'company', agent: 'agent' };

const timed = async (run: () => Promise<Response>): Promise<number> => {
  const begin = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${response.url}`);
  return performance.now() - begin;
};
const searchRpc = (body: Record<string, unknown>) =>
  timed(() =>
    fetch(`${base}/rest/v1/rpc/search_items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...limitExempt, apikey: anonKey },
      body: JSON.stringify({ ...body, page_size: 20 }),
    }),
  );
/** The search function in the database, without the HTTP hops. */
const searchSql = async (body: Record<string, unknown>): Promise<number> => {
  const list = (name: string) => (Array.isArray(body[name]) ? body[name] : []);
  const begin = performance.now();
  await backend.db.pool.query(
    `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
       organization_sizes => $5, page_offset => 0, page_size => 20)`,
    [body.search, list('domains'), list('content_types'), list('features'), list('organization_sizes')],
  );
  return performance.now() - begin;
};
let rpcId = 0;
const mcpSearch = (body: Record<string, unknown>) => {
  const { search, ...filters } = body;
  return timed(() =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...limitExempt },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++rpcId,
        method: 'tools/call',
        params: { name: 'search_catalog', arguments: { query: search, ...filters } },
      }),
    }),
  );
};
const badge = (index: number) => {
  const row = badgeSlugs[index % badgeSlugs.length]!;
  return timed(() => fetch(`${base}/badge/${prefix[row.content_type]}/${row.slug}.svg`, { headers: limitExempt }));
};

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
  return { n: values.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
};

// One warm pass (the search cache and the badge cache fill), then the measured rounds,
// the RPC and MCP alternating which goes first.
for (const body of SEARCH_BODIES) {
  await searchSql(body);
  await searchRpc(body);
  await mcpSearch(body);
}
for (let index = 0; index < badgeSlugs.length; index++) await badge(index);
const loadStart = loadavg()[0]!;
const sqlMs: number[] = [];
const rpcMs: number[] = [];
const mcpMs: number[] = [];
const badgeMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, body] of SEARCH_BODIES.entries()) {
    // the three in a rotating order, so none is always first after the badge
    const runs = [
      async () => sqlMs.push(await searchSql(body)),
      async () => rpcMs.push(await searchRpc(body)),
      async () => mcpMs.push(await mcpSearch(body)),
    ];
    for (let step = 0; step < runs.length; step++) await runs[(round + index + step) % runs.length]!();
    badgeMs.push(await badge(index));
  }
}
const latency = {
  search_rpc: summary(rpcMs),
  search_sql: summary(sqlMs),
  mcp_search_catalog: summary(mcpMs),
  badge_svg: summary(badgeMs),
  load: [loadStart, loadavg()[0]!].map((value) => Number(value.toFixed(2))),
};

// Generation in a child process, as the server's refresher does it, on the same database.
const generationDir = mkdtempSync(join(tmpdir(), 'sciai-bench-open-data-'));
const generationLoad = loadavg()[0]!;
const generation = await new Promise<Record<string, unknown>>((resolve, reject) => {
  const child = spawn(
    join(REPO_ROOT, 'node_modules/.bin/node'),
    [join(REPO_ROOT, 'bench/open-data-generate.ts'), backend.db.connectionString, generationDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('error', reject);
  child.on('close', (code) =>
    code === 0 ? resolve(JSON.parse(output) as Record<string, unknown>) : reject(new Error(`generation exit ${code}`)),
  );
});
rmSync(generationDir, { recursive: true, force: true });

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const result = {
  engine,
  items: ITEMS,
  cpus: cpus().length,
  date: new Date().toISOString(),
  latency,
  mcp_over_rpc_p95: ratio(latency.mcp_search_catalog.p95_ms, latency.search_rpc.p95_ms),
  generation: { ...generation, load: [generationLoad, loadavg()[0]!].map((value) => Number(value.toFixed(2))) },
  targets: {
    mcp_within_1_5x_rpc_p95: latency.mcp_search_catalog.p95_ms <= 1.5 * latency.search_rpc.p95_ms,
    badge_p95_at_most_5_ms: latency.badge_svg.p95_ms <= 5,
    generation_at_most_30_s: Number(generation.ms) <= 30_000,
    generation_at_most_500_mb: Number(generation.max_rss_mb) <= 500,
  },
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(REPO_ROOT, `bench/results/api-${engine}-${result.date.slice(0, 10)}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);

await gateway.close();
await backend.stop();
if (!keptDir) {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
