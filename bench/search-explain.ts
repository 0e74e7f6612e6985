/**
 * Uncached search in the database alone, against the naive baseline, by EXPLAIN ANALYZE's own
 * "Execution Time" (no client, pool or gateway in the figure), alternating which goes first, so
 * that a loaded machine slows both alike and the ratio still says something. Per query shape:
 * search_results (facets and page ids in one pass), item_cards for its page, and search_items
 * whole (unique bodies: the cache never answers). Usage:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ITEMS=20000 \
 *     BENCH_SCRATCH=/tmp/sciai-search-explain ./node_modules/.bin/node bench/search-explain.ts
 * With BENCH_SCRATCH the seeded catalog is kept for the next run (new migrations still apply).
 */
import { loadavg } from 'node:os';
import type pg from 'pg';
import { generateSyntheticCatalog } from '@sciai/core';
import { startBackend } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { benchScratch } from './kept-scratch.ts';
import { NAIVE_SEARCH_SQL, naiveSearchParams, uniqueSearchBodies, type SearchBody } from './search-baseline.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const UNIQUE = Number(process.env.BENCH_UNIQUE ?? 120);
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';

const { dataDir, scratch, alreadySeeded, markSeeded } = await benchScratch({
  engine,
  adminUrl,
  keptDir: process.env.BENCH_SCRATCH,
  tmpPrefix: `sciai-search-explain-${engine}-`,
  databaseName: 'sciai_search_explain',
  items: ITEMS,
});
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url });
if (!alreadySeeded) {
  await loadCatalog(backend.db.pool, generateSyntheticCatalog(ITEMS), {
    markAsSample: true,
    onProgress: (done, total) => {
      if (done % 10_000 === 0 || done === total) console.warn(`seeded ${done}/${total}`);
    },
  });
  markSeeded();
}
const pool: Pick<pg.Pool, 'query'> = backend.db.pool;
await pool.query('truncate public.search_cache');
await pool.query('analyze public.content_search');
// what the catalog holds (a kept one may have been seeded to another size)
const published = Number(
  (await pool.query<{ n: string }>("select count(*) as n from public.content_search where status = 'published'"))
    .rows[0]!.n,
);

const executionMs = async (sql: string, params: unknown[]) => {
  const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
    `explain (analyze, format json) ${sql}`,
    params,
  );
  return rows[0]!['QUERY PLAN'][0]!['Execution Time'];
};
const args = (body: SearchBody) => [...naiveSearchParams(body), body.sort_by, body.page_offset, body.page_size];
// BENCH_OLD=_old also times search_items_old and item_cards_old, copies of the previous functions
// made by hand in the kept scratch database, for an A/B in one session
const OLD = process.env.BENCH_OLD;
const searchItems = (fn: string) => async (body: SearchBody) => {
  // old and new answer the same body under the same cache key: each starts from an empty cache
  await pool.query('delete from public.search_cache');
  return executionMs(
    `select public.${fn}(search => $1, domains => $2, content_types => $3, features => $4,
       organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => $9, page_size => $10)`,
    args(body),
  );
};
// the cards of the page search_results chose (the ids read untimed first)
const itemCards = (fn: string) => async (body: SearchBody) => {
  const { rows } = await pool.query<{ ids: string[] }>(
    'select ids from public.search_results($1, $2, $3, $4, $5, coalesce($6, -32768), $7, $8, $9, $10)',
    args(body),
  );
  return executionMs(`select public.${fn}($1::uuid[])`, [rows[0]?.ids ?? []]);
};
const SHAPES: Record<string, (body: SearchBody) => Promise<number>> = {
  baseline: (body: SearchBody) => executionMs(NAIVE_SEARCH_SQL, naiveSearchParams(body)),
  search_results: (body: SearchBody) =>
    executionMs(
      'select * from public.search_results($1, $2, $3, $4, $5, coalesce($6, -32768), $7, $8, $9, $10)',
      args(body),
    ),
  item_cards: itemCards('item_cards'),
  search_items: searchItems('search_items'),
  ...(OLD
    ? { [`item_cards${OLD}`]: itemCards(`item_cards${OLD}`), [`search_items${OLD}`]: searchItems(`search_items${OLD}`) }
    : {}),
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(SHAPES).map((shape) => [shape, []]));
const loadStart = loadavg()[0]!;
const bodies = uniqueSearchBodies(UNIQUE, Number(process.env.BENCH_SEED ?? 20261127));
for (const [index, body] of bodies.entries()) {
  const order = index % 2 ? Object.keys(SHAPES) : Object.keys(SHAPES).reverse();
  for (const shape of order) times[shape]!.push(await SHAPES[shape]!(body));
}
const at = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
};
const summary = Object.fromEntries(
  Object.entries(times).map(([shape, values]) => [shape, { p50_ms: at(values, 0.5), p95_ms: at(values, 0.95) }]),
);
process.stdout.write(
  JSON.stringify(
    {
      engine,
      items: published,
      queries: bodies.length,
      ...summary,
      search_items_p50_ratio: Number((at(times.search_items!, 0.5) / at(times.baseline!, 0.5)).toFixed(2)),
      // per body, old minus new (the median of the differences: the load hits each pair alike)
      ...(OLD
        ? Object.fromEntries(
            ['item_cards', 'search_items'].map((shape) => [
              `${shape}_saved_p50_ms`,
              at(
                times[`${shape}${OLD}`]!.map((old, index) => old - times[shape]![index]!),
                0.5,
              ),
            ]),
          )
        : {}),
      load: [loadStart, loadavg()[0]!].map((value) => Number(value.toFixed(2))),
    },
    null,
    2,
  ) + '\n',
);
await backend.stop();
if (!process.env.BENCH_SCRATCH) await scratch?.drop();
