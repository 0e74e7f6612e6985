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
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTENT_TYPES, DOMAIN_SLUGS, generateSyntheticCatalog, type SearchItemsArgs } from '@sciai/core';
import { buildGateway, REPO_ROOT, startBackend } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { CHECKOUT_ROOT } from './checkout.ts';
import { benchScratch } from './kept-scratch.ts';
import { uniqueSearchBodies } from './search-baseline.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const UNIQUE = Number(process.env.BENCH_UNIQUE ?? 120);
const DETAIL_ITEMS = Number(process.env.BENCH_DETAIL_ITEMS ?? 20);
const DETAIL_ROUNDS = Number(process.env.BENCH_DETAIL_ROUNDS ?? 8);
const REVIEWS_PER_ITEM = 1_000;
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
const key = backend.secrets.anonKey;
let visitor = 0;

/** One request through the gateway from an address of its own (the rate limit counts per address). */
const send = (method: 'GET' | 'POST', path: string, body?: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    visitor += 1;
    const headers: Record<string, string | number> = {
      'x-forwarded-for': `198.18.${(visitor >> 8) & 255}.${visitor & 255}`,
      'accept-encoding': 'gzip, deflate, br, zstd',
      accept: method === 'GET' ? 'text/html' : 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench-reviews',
    };
    if (body !== undefined) {
      Object.assign(headers, { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' });
      headers['content-length'] = Buffer.byteLength(body);
    }
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString().slice(0, 200) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
const failures: string[] = [];
const timed = async (run: () => Promise<{ status: number; text: string } | unknown>) => {
  const begin = performance.now();
  const answer = await run();
  const ms = performance.now() - begin;
  if (answer && typeof answer === 'object' && 'status' in answer && answer.status !== 200) {
    failures.push(`${String(answer.status)}: ${'text' in answer ? String(answer.text) : ''}`);
  }
  return ms;
};
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
  return { samples: values.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
};
const ratio = (product: number[], baseline: number[], p: 'p50_ms' | 'p95_ms') =>
  Number((stats(product)[p] / stats(baseline)[p]).toFixed(2));

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

const reviewsTable = (
  await pool.query<{ found: boolean }>("select to_regclass('public.item_reviews') is not null as found")
).rows[0]!.found;
if (!reviewsTable) {
  process.stderr.write(
    'bench:reviews needs the reviews (public.item_reviews), which this database does not have: run it on a ' +
      'checkout whose supabase/schemas/17_reviews.sql defines them.\n',
  );
  await gateway.close();
  await stop(1);
}

// (a)'s items: software with 1,000 published reviews each, and as many without any
const detailSlugs = async (reviewed: boolean) =>
  (
    await pool.query<{ slug: string }>(
      `select ci.slug from public.content_items ci
       where ci.status = 'published' and ci.content_type = 'software'
         and exists (select 1 from public.item_reviews r where r.content_id = ci.id) = $1
         and not exists (select 1 from public.item_ratings r where r.content_id = ci.id and not $1)
       order by ci.slug limit $2`,
      [reviewed, DETAIL_ITEMS],
    )
  ).rows.map((row) => row.slug);
let reviewedSlugs = await detailSlugs(true);
if (reviewedSlugs.length < DETAIL_ITEMS) {
  console.warn(`writing ${REVIEWS_PER_ITEM} reviews on each of ${DETAIL_ITEMS} items…`);
  try {
    await pool.query(
      `insert into auth.users (email, email_confirmed_at, created_at)
       select 'bench-reviewer-' || i || '@example.org', now() - interval '1 year', now() - interval '1 year'
       from generate_series(1, $1) as i
       on conflict do nothing`,
      [REVIEWS_PER_ITEM],
    );
    await pool.query(
      `insert into public.item_reviews (content_id, user_id, rating, body, status, created_at)
       select ci.id, u.id, 1 + abs(hashtext(ci.slug || u.email)) % 5,
              'Used it on our own data for a month; it did what the paper says, with setup notes below. ' || u.email,
              'published', now() - (abs(hashtext(u.email)) % 300) * interval '1 day'
       from (select c.id, c.slug from public.content_items c
             where c.status = 'published' and c.content_type = 'software'
               and not exists (select 1 from public.item_ratings r where r.content_id = c.id)
             order by c.slug desc limit $1) ci
       cross join (select id, email from auth.users where email like 'bench-reviewer-%@example.org') u
       on conflict do nothing`,
      [DETAIL_ITEMS],
    );
  } catch (error) {
    process.stderr.write(
      `bench:reviews could not write the reviews as the owner (${(error as Error).message}): the columns it ` +
        'fills (content_id, user_id, rating, body, status, created_at) must be those of public.item_reviews.\n',
    );
    await gateway.close();
    await stop(1);
  }
  await pool.query('select public.refresh_catalog_statistics()');
  reviewedSlugs = await detailSlugs(true);
}
const plainSlugs = await detailSlugs(false);

// (a) The detail page with 1,000 reviews against none. The gateway keeps an item's row 5 s: rounds
// are 5.5 s apart, so every request is the page's first answer since its row left that cache.
const detail = {
  html: { reviewed: [] as number[], plain: [] as number[] },
  rpc: { reviewed: [] as number[], plain: [] as number[] },
};
const detailLoad = loadavg()[0]!;
for (let round = 0; round < DETAIL_ROUNDS; round++) {
  for (let i = 0; i < Math.min(reviewedSlugs.length, plainSlugs.length); i++) {
    const pair = (round + i) % 2 === 0 ? (['reviewed', 'plain'] as const) : (['plain', 'reviewed'] as const);
    for (const kind of pair) {
      const slug = (kind === 'reviewed' ? reviewedSlugs : plainSlugs)[i]!;
      detail.html[kind].push(await timed(() => send('GET', `/tool/${slug}`)));
      detail.rpc[kind].push(
        await timed(() => send('POST', '/rest/v1/rpc/item_details', JSON.stringify({ slugs: [slug] }))),
      );
    }
  }
  if (round < DETAIL_ROUNDS - 1) await sleep(5_500);
}
const detailResult = Object.fromEntries(
  (['html', 'rpc'] as const).map((part) => [
    part,
    {
      reviews_1000: stats(detail[part].reviewed),
      reviews_0: stats(detail[part].plain),
      p95_ratio: ratio(detail[part].reviewed, detail[part].plain, 'p95_ms'),
    },
  ]),
);

summary.detail_page = {
  items_each: Math.min(reviewedSlugs.length, plainSlugs.length),
  reviews_per_item: REVIEWS_PER_ITEM,
  ...detailResult,
  load: [detailLoad, loadavg()[0]!],
};
writeSummary();
await gateway.close();
await stop(0);
