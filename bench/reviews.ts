/**
 * Reviews and ratings at scale (docs/decisions/0085-ratings-in-browse.md), each against a baseline
 * timed in the same run, on one backend with a synthetic catalog (100,000 items by default):
 *   (b) browse sorted by rating: unique search_items bodies (half with text, half bare browse pages
 *       with filters and a page offset), each uncached, once sorted 'highest_rated' and once by
 *       relevance, in SQL and through the gateway, the order alternating; a fifth of the items rated.
 *   (a) the detail page of an item with 1,000 published reviews against one with none: the
 *       server-sent HTML of /tool/<slug> (its first answer) and the item_details RPC, p95 of each.
 *       The reviews are inserted as the owner, from 1,000 reviewers; it needs the item_reviews table
 *       and stops with a message where the database has none.
 * Usage:
 *   npm run bench:reviews                                              # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reviews
 *   BENCH_SCRATCH=/tmp/sciai-100k npm run bench:reviews   # reuse a catalog seeded with the same BENCH_ITEMS
 * BENCH_ITEMS (100000), BENCH_UNIQUE (120 bodies), BENCH_DETAIL_ITEMS (20 items of each kind),
 * BENCH_DETAIL_ROUNDS (8). Writes bench/results/reviews-{engine}-{date}.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CONTENT_TYPES, DOMAIN_SLUGS, generateSyntheticCatalog, type SearchItemsArgs } from '@sciai/core';
import { buildGateway, REPO_ROOT, startBackend } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { CHECKOUT_ROOT } from './checkout.ts';
import { benchScratch } from './kept-scratch.ts';
import { ReviewsMissing, reviewedAndPlainItems, timeDetailPages } from './reviews-detail-page.ts';
import { gatewayRequests, ratio, stats } from './reviews-requests.ts';
import { uniqueSearchBodies } from './search-baseline.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const UNIQUE = Number(process.env.BENCH_UNIQUE ?? 120);
const DETAIL_ITEMS = Number(process.env.BENCH_DETAIL_ITEMS ?? 20);
const DETAIL_ROUNDS = Number(process.env.BENCH_DETAIL_ROUNDS ?? 8);
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';

const { dataDir, scratch, alreadySeeded, markSeeded } = await benchScratch({
  engine,
  adminUrl,
  keptDir: process.env.BENCH_SCRATCH,
  tmpPrefix: `sciai-bench-reviews-${engine}-`,
  databaseName: 'sciai_bench_reviews',
  items: ITEMS,
});
// No background jobs: the trending refresh or the open-data files would be timed with the calls.
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url }, { backgroundJobs: false });
const pool = backend.db.pool;
const stop = async (code: number) => {
  await backend.stop();
  if (!process.env.BENCH_SCRATCH) await scratch?.drop();
  process.exit(code);
};

if (!alreadySeeded) {
  await loadCatalog(pool, generateSyntheticCatalog(ITEMS), {
    markAsSample: true,
    onProgress: (done, total) => {
      if (done % 20_000 === 0 || done === total) console.warn(`seeded ${done}/${total}`);
    },
  });
  markSeeded();
}

// (b)'s ratings: a fifth of the items, 1 to 40 verified reviewers each, a mean from 1.00 to 5.00,
// written as the reviews' triggers keep them (the triggers on item_ratings refresh the browse rows)
const rated = await pool.query<{ n: string }>('select count(*) as n from public.item_ratings');
if (Number(rated.rows[0]!.n) < ITEMS / 10) {
  console.warn('rating a fifth of the catalog…');
  await pool.query(`
    insert into public.item_ratings (content_id, verified_count, verified_average, rating_score)
    select x.id, x.n, x.mean, (5 * 3.5 + x.n * x.mean) / (5 + x.n)
    from (select ci.id, 1 + abs(hashtext(ci.slug)) % 40 as n, 1 + (abs(hashtext(ci.slug || '*')) % 401) / 100.0 as mean
          from public.content_items ci where ci.status = 'published' and abs(hashtext(ci.slug || '#')) % 5 = 0) x
    on conflict (content_id) do nothing`);
  await pool.query('select public.refresh_catalog_statistics()');
}

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
const port = typeof address === 'object' && address ? address.port : 0;
const requests = gatewayRequests(port, backend.secrets.anonKey);
const { send, timed, failures } = requests;

// (b) Browse sorted by rating against relevance, each body uncached both ways.
const THIS_YEAR = new Date().getUTCFullYear();
const textBodies = uniqueSearchBodies(Math.ceil(UNIQUE / 2), 20261207);
const browseBodies: SearchItemsArgs[] = Array.from({ length: Math.floor(UNIQUE / 2) }, (_, i) => ({
  search: '',
  domains: i % 3 === 0 ? [DOMAIN_SLUGS[i % DOMAIN_SLUGS.length]!] : [],
  content_types: i % 4 === 1 ? [CONTENT_TYPES[i % CONTENT_TYPES.length]!] : [],
  features: i % 5 === 2 ? ['open_source'] : [],
  organization_sizes: [],
  year_to: THIS_YEAR,
  sort_by: 'relevance',
  page_offset: 20 * (i % 25),
  page_size: 20,
}));
const bodies: SearchItemsArgs[] = [...textBodies, ...browseBodies];
const productSql = `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
  organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => $9, page_size => $10)`;
const HOPS = {
  sql: (body: SearchItemsArgs) =>
    pool.query(productSql, [
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
    ]),
  gateway: (body: SearchItemsArgs) => send('POST', '/rest/v1/rpc/search_items', JSON.stringify(body)),
};
const browse: Record<'sql' | 'gateway', Record<'highest_rated' | 'relevance', number[]>> = {
  sql: { highest_rated: [], relevance: [] },
  gateway: { highest_rated: [], relevance: [] },
};
const browseLoad = loadavg()[0]!;
for (const [index, body] of bodies.entries()) {
  for (const hop of ['sql', 'gateway'] as const) {
    const sorts =
      index % 2 === 0 ? (['highest_rated', 'relevance'] as const) : (['relevance', 'highest_rated'] as const);
    for (const sort of sorts) {
      await pool.query('delete from public.search_cache');
      browse[hop][sort].push(await timed(() => HOPS[hop]({ ...body, sort_by: sort })));
    }
  }
}
/** The two sorts compared over some of the bodies: all of them, those with text, the bare browse pages. */
const compareSorts = (times: Record<'highest_rated' | 'relevance', number[]>, keep: (index: number) => boolean) => {
  const rating = times.highest_rated.filter((_, index) => keep(index));
  const relevance = times.relevance.filter((_, index) => keep(index));
  return {
    highest_rated: stats(rating),
    relevance: stats(relevance),
    p50_ratio: ratio(rating, relevance, 'p50_ms'),
    p95_ratio: ratio(rating, relevance, 'p95_ms'),
  };
};
const browseResult = Object.fromEntries(
  (['sql', 'gateway'] as const).map((hop) => [
    hop,
    {
      ...compareSorts(browse[hop], () => true),
      with_text: compareSorts(browse[hop], (index) => index < textBodies.length),
      browse_pages: compareSorts(browse[hop], (index) => index >= textBodies.length),
    },
  ]),
);

const summary: Record<string, unknown> = {
  engine,
  items: ITEMS,
  rated_items: Number((await pool.query<{ n: string }>('select count(*) as n from public.item_ratings')).rows[0]!.n),
  browse_sorted_by_rating: { bodies: bodies.length, ...browseResult, load: [browseLoad, loadavg()[0]!] },
  targets: { browse_p95_ratio_max: 1.5, detail_p95_ratio_max: 1.2 },
};
/** Printed and written after each part: (b) is measured on any checkout, (a) only where reviews exist. */
const writeSummary = () => {
  summary.failures = failures.slice(0, 20);
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  mkdirSync(join(CHECKOUT_ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(CHECKOUT_ROOT, 'bench/results', `reviews-${engine}-${new Date().toISOString().slice(0, 10)}.json`),
    `${JSON.stringify(summary, null, 2)}\n`,
  );
};
writeSummary();

try {
  summary.detail_page = await timeDetailPages(requests, await reviewedAndPlainItems(pool, DETAIL_ITEMS), DETAIL_ROUNDS);
} catch (error) {
  if (!(error instanceof ReviewsMissing)) throw error;
  process.stderr.write(`${error.message}\n`);
  await gateway.close();
  await stop(1);
}
writeSummary();
await gateway.close();
await stop(0);
