/**
 * How large the search cache grows under distinct searches, and what a cache hit costs.
 * Usage:
 *   node bench/search-cache-size.ts <PostgreSQL URL | PGlite data directory> [searches] [hits]
 * On a migrated catalog (sciai seed): `searches` distinct searches (default 10,000), each a whole
 * page of 20 cards (no text, `year_to` different for each, so every one is a first run with the
 * full catalog matching), then the cache's rows, the bytes of its stored results and the table's
 * size with its TOAST, then `hits` (default 2,000) searches answered from the cache (the last 200
 * distinct ones, asked in turn) with their p50/p95 round trip on one connection. Nothing is
 * migrated: the database runs the SQL it holds, so the same script measures before and after a
 * schema change. With BENCH_OLD=<suffix> (e.g. `_old`, a copy of the previous `search_items`
 * created beside the current one, as in docs/decisions/0063), every other call goes to the copy,
 * so both are timed under the same load; the report then gives both.
 */
import { loadavg } from 'node:os';
import { openPglite, openPostgres, type Database } from '../server/src/database/engine.ts';

const [target, searchesArgument, hitsArgument] = process.argv.slice(2);
if (!target) throw new Error('usage: node bench/search-cache-size.ts <postgres url | data dir> [searches] [hits]');
const searches = Number(searchesArgument ?? 10_000);
const hits = Number(hitsArgument ?? 2_000);

const database: Database = /^postgres(ql)?:\/\//.test(target)
  ? await openPostgres(target)
  : await openPglite(`${target}/pglite`);
const client = await database.pool.connect();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (ms: number) => Number(ms.toFixed(2));
const oldSuffix = process.env.BENCH_OLD;
if (oldSuffix !== undefined && !/^\w+$/.test(oldSuffix)) throw new Error('BENCH_OLD: letters, digits and _ only');
/** Which function a call goes to: the current one, or (every other call with BENCH_OLD) the copy. */
const functionFor = (call: number) => (oldSuffix && call % 2 === 1 ? `search_items${oldSuffix}` : 'search_items');
const search = async (yearTo: number, call: number) => {
  const started = performance.now();
  await client.query(`select public.${functionFor(call)}(year_to => $1::int)`, [yearTo]);
  return performance.now() - started;
};
/** p50 and p95 of the calls that went to each function. */
const summary = (times: number[]) => {
  const by = (old: boolean) => times.filter((_, call) => (functionFor(call) !== 'search_items') === old);
  const of = (values: number[]) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) });
  return oldSuffix ? { current: of(by(false)), previous: of(by(true)) } : of(times);
};

async function size() {
  const { rows } = await client.query<{
    rows: string;
    result_bytes: string;
    table_bytes: string;
    bound: string | null;
  }>(
    `select count(*)::text as rows, coalesce(sum(pg_column_size(result)), 0)::text as result_bytes,
            pg_total_relation_size('public.search_cache')::text as table_bytes,
            (select to_jsonb(s) ->> 'search_cache_max_bytes' from public.catalog_state s) as bound
     from public.search_cache`,
  );
  const row = rows[0]!;
  const mib = (bytes: string) => Number((Number(bytes) / 1024 / 1024).toFixed(1));
  return {
    rows: Number(row.rows),
    result_mib: mib(row.result_bytes),
    table_mib: mib(row.table_bytes),
    bound_mib: row.bound === null ? null : mib(row.bound),
  };
}

const load = () => loadavg().map((value) => Number(value.toFixed(2)));
const report: Record<string, unknown> = { engine: database.engine, searches, hits, load_before: load() };
report.cache_before = await size();

const firstRuns: number[] = [];
const base = 10_000 + (Date.now() % 10_000);
for (let i = 0; i < searches; i += 1) firstRuns.push(await search(base + i, i));
report.first_run_ms = summary(firstRuns);
report.cache_after = await size();

const hitTimes: number[] = [];
const recent = Math.min(200, searches);
for (let i = 0; i < hits; i += 1) hitTimes.push(await search(base + searches - recent + (i % recent), i));
report.hit_ms = summary(hitTimes);
report.cache_after_hits = await size();
report.load_after = load();

client.release();
await database.close();
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
