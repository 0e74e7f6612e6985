/**
 * What the abbreviation list (search_synonyms, docs/product.md#browse-search) costs a search's
 * first run: the bench's unique searches, plus one per abbreviation, each run uncached (the
 * search cache emptied before every call) with the list and without it, in blocks of ten that
 * alternate which goes first, so that both see the same machine load. On the default catalog.
 * Usage:
 *   node bench/search-synonyms.ts                      # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/search-synonyms.ts
 *   BENCH_UNIQUE=300 node bench/search-synonyms.ts     # more unique searches (default 150)
 */
import { loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import { startBackend } from '@sciai/server';
import { benchScratch } from './kept-scratch.ts';
import { uniqueSearchBodies, type SearchBody } from './search-baseline.ts';

const UNIQUE = Number(process.env.BENCH_UNIQUE ?? 150);
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';
const { dataDir, scratch } = await benchScratch({
  engine,
  adminUrl,
  keptDir: undefined,
  tmpPrefix: `sciai-bench-synonyms-${engine}-`,
  databaseName: 'sciai_bench_synonyms',
  items: 0,
});
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url });
const pool = backend.db.pool;

try {
  const pairs = (await pool.query<{ short_form: string; long_form: string }>('select * from public.search_synonyms'))
    .rows;
  const plain: SearchBody = {
    ...uniqueSearchBodies(1)[0]!,
    domains: [],
    content_types: [],
    features: [],
    organization_sizes: [],
    // the default range (to this year): no year filter
    year_to: new Date().getUTCFullYear(),
    page_offset: 0,
  };
  delete plain.year_from;
  const bodies: SearchBody[] = [
    ...uniqueSearchBodies(UNIQUE),
    // every abbreviation or long form alone, unfiltered: the searches the list widens
    ...pairs.map((pair, i) => ({
      ...plain,
      search: i % 2 ? pair.long_form.toLowerCase() : pair.short_form.toLowerCase(),
    })),
  ];
  const sql = `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
    organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => $9, page_size => $10)`;
  const params = (body: SearchBody) => [
    body.search,
    body.domains,
    body.content_types,
    body.features,
    body.organization_sizes,
    body.year_from ?? null,
    body.year_to,
    body.sort_by,
    body.page_offset,
    body.page_size,
  ];
  const withoutList = async () => pool.query('delete from public.search_synonyms');
  const withList = async () => {
    await pool.query('delete from public.search_synonyms');
    await pool.query(
      'insert into public.search_synonyms (short_form, long_form) select * from unnest($1::text[], $2::text[])',
      [pairs.map((pair) => pair.short_form), pairs.map((pair) => pair.long_form)],
    );
  };
  const timings = { with_list: [] as number[], without_list: [] as number[] };
  // which timings are of the abbreviation searches (the last pairs.length bodies)
  const abbreviationFrom = bodies.length - pairs.length;
  const isAbbreviation: Record<keyof typeof timings, boolean[]> = { with_list: [], without_list: [] };
  const run = async (block: SearchBody[], label: keyof typeof timings) => {
    await (label === 'with_list' ? withList() : withoutList());
    for (const body of block) {
      isAbbreviation[label].push(bodies.indexOf(body) >= abbreviationFrom);
      await pool.query('truncate public.search_cache');
      const begin = performance.now();
      await pool.query(sql, params(body));
      timings[label].push(performance.now() - begin);
    }
  };
  const loadStart = loadavg()[0]!;
  for (let start = 0, n = 0; start < bodies.length; start += 10, n++) {
    const block = bodies.slice(start, start + 10);
    const order: Array<keyof typeof timings> = n % 2 ? ['without_list', 'with_list'] : ['with_list', 'without_list'];
    for (const label of order) await run(block, label);
  }
  await withList();
  // the expansion alone, per query: the list scanned and the variants built
  const expansionRuns = 500;
  const expansionStart = performance.now();
  await pool.query(
    "select count(public.search_synonym_query('protein structure prediction ' || g)) from generate_series(1, $1) g",
    [expansionRuns],
  );
  const expansionMs = (performance.now() - expansionStart) / expansionRuns;
  const part = (label: keyof typeof timings, abbreviation: boolean) =>
    summary(timings[label].filter((_, i) => isAbbreviation[label][i] === abbreviation));
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1));
    return { p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
  };
  process.stdout.write(
    `${JSON.stringify({
      engine,
      searches: bodies.length,
      with_list: summary(timings.with_list),
      without_list: summary(timings.without_list),
      other_searches: { with_list: part('with_list', false), without_list: part('without_list', false) },
      abbreviation_searches: { with_list: part('with_list', true), without_list: part('without_list', true) },
      expansion_ms_per_query: Number(expansionMs.toFixed(3)),
      load: [loadStart, loadavg()[0]!].map((value) => Number(value.toFixed(2))),
    })}\n`,
  );
} finally {
  await backend.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
