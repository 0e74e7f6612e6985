import type pg from 'pg';
import type { PublicItem } from '@sciai/core';
import { withReviews } from './item-reviews.ts';

/** Items per item_details() call: its own cap. */
export const DETAILS_BATCH = 100;
/** item_details() calls per statement: fewer round trips, each statement still short. */
const CALLS_PER_STATEMENT = 10;

/**
 * Every published item, in slug order, a hundred at a time: a keyset page of slugs (the unique
 * slug index, so no page costs more than the first) read with item_details(), the function the
 * detail page reads, ten calls to a statement, with each item's published reviews. Each statement
 * is short and on its own, so a pass over the whole catalog never holds a transaction, a snapshot
 * or the event loop for long.
 */
export async function* publicItemBatches(pool: pg.Pool): AsyncGenerator<PublicItem[]> {
  const pageSize = DETAILS_BATCH * CALLS_PER_STATEMENT;
  let after = '';
  for (;;) {
    const { rows } = await pool.query<{ items: PublicItem[] | null }>(
      `with page as (
         select slug from public.content_items where status = 'published' and slug > $1 order by slug limit $2)
       select public.item_details(array_agg(slug order by slug)) as items
       from (select slug, (row_number() over (order by slug) - 1) / $3 as call from page) numbered
       group by call order by call`,
      [after, pageSize, DETAILS_BATCH],
    );
    let count = 0;
    for (const row of rows) {
      const items = row.items ?? [];
      if (!items.length) continue;
      count += items.length;
      after = items[items.length - 1]!.slug;
      yield await withReviews(pool, items);
    }
    // A short page is the last (an item retracted between the two steps only shortens a page).
    if (count < pageSize) return;
  }
}

/**
 * What changes when the published catalog does: how many items are published and the latest
 * change to any item (a retraction changes updated_at too), to the fields, to the items'
 * source records (a harvest that finds an item again adds or refetches its live record) and to
 * reviews and their replies (a moderator's decision or an edit changes their updated_at).
 */
export async function catalogFingerprint(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>(
    `select concat_ws(' ',
       (select count(*) from public.content_items where status = 'published'),
       (select max(updated_at) from public.content_items),
       (select count(*) from public.content_items),
       (select md5(string_agg(slug || name, ',' order by slug)) from public.scientific_domains),
       (select count(*) || '/' || coalesce(max(fetched_at)::text, '') from public.item_sources),
       (select count(*) filter (where status = 'published') || '/' || coalesce(max(updated_at)::text, '')
          from public.item_reviews),
       (select count(*) || '/' || coalesce(max(updated_at)::text, '') from public.item_review_replies)) as fingerprint`,
  );
  return rows[0]!.fingerprint;
}
