import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { ratio, stats, type gatewayRequests } from './reviews-requests.ts';

export const REVIEWS_PER_ITEM = 1_000;

/** Thrown when the database cannot take the reviews; the message says why. */
export class ReviewsMissing extends Error {}

/**
 * (a)'s items: software with REVIEWS_PER_ITEM published reviews each (from as many reviewers,
 * inserted as the owner, as the reviews' own functions would leave them), and as many items with
 * no review and no rating. Written once: a kept scratch database has them on later runs.
 */
export async function reviewedAndPlainItems(pool: pg.Pool, count: number) {
  const found = await pool.query<{ found: boolean }>("select to_regclass('public.item_reviews') is not null as found");
  if (!found.rows[0]!.found) {
    throw new ReviewsMissing(
      'bench:reviews needs the reviews (public.item_reviews), which this database does not have: run it on a ' +
        'checkout whose supabase/schemas/19_reviews.sql defines them.',
    );
  }
  const slugs = async (reviewed: boolean) =>
    (
      await pool.query<{ slug: string }>(
        `select ci.slug from public.content_items ci
         where ci.status = 'published' and ci.content_type = 'software'
           and exists (select 1 from public.item_reviews r where r.content_id = ci.id) = $1
           and not exists (select 1 from public.item_ratings r where r.content_id = ci.id and not $1)
         order by ci.slug limit $2`,
        [reviewed, count],
      )
    ).rows.map((row) => row.slug);
  if ((await slugs(true)).length < count) {
    console.warn(`writing ${REVIEWS_PER_ITEM} reviews on each of ${count} items…`);
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
        [count],
      );
    } catch (error) {
      throw new ReviewsMissing(
        `bench:reviews could not write the reviews as the owner (${(error as Error).message}): the columns it ` +
          'fills (content_id, user_id, rating, body, status, created_at) must be those of public.item_reviews.',
      );
    }
    await pool.query('select public.refresh_catalog_statistics()');
  }
  return { reviewed: await slugs(true), plain: await slugs(false) };
}

/**
 * The detail page with REVIEWS_PER_ITEM reviews against none: the server-sent HTML of
 * /tool/<slug> and the item_details RPC, the two kinds alternating which goes first. The gateway
 * keeps an item's row 5 s: rounds are 5.5 s apart, so every request is the page's first answer
 * since its row left that cache.
 */
export async function timeDetailPages(
  requests: ReturnType<typeof gatewayRequests>,
  items: { reviewed: string[]; plain: string[] },
  rounds: number,
) {
  const { send, timed } = requests;
  const times = {
    html: { reviewed: [] as number[], plain: [] as number[] },
    rpc: { reviewed: [] as number[], plain: [] as number[] },
  };
  const pairs = Math.min(items.reviewed.length, items.plain.length);
  const loadStart = loadavg()[0]!;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < pairs; i++) {
      const order = (round + i) % 2 === 0 ? (['reviewed', 'plain'] as const) : (['plain', 'reviewed'] as const);
      for (const kind of order) {
        const slug = items[kind][i]!;
        times.html[kind].push(await timed(() => send('GET', `/tool/${slug}`)));
        times.rpc[kind].push(
          await timed(() => send('POST', '/rest/v1/rpc/item_details', JSON.stringify({ slugs: [slug] }))),
        );
      }
    }
    if (round < rounds - 1) await sleep(5_500);
  }
  return {
    items_each: pairs,
    reviews_per_item: REVIEWS_PER_ITEM,
    ...Object.fromEntries(
      (['html', 'rpc'] as const).map((part) => [
        part,
        {
          reviews_1000: stats(times[part].reviewed),
          reviews_0: stats(times[part].plain),
          p95_ratio: ratio(times[part].reviewed, times[part].plain, 'p95_ms'),
        },
      ]),
    ),
    load: [loadStart, loadavg()[0]!],
  };
}
