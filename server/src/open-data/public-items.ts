import type pg from 'pg';
import type { PublicItem } from '@sciai/core';

/** Items per item_details() call: its own cap. */
export const DETAILS_BATCH = 100;

/**
 * Every published item, in slug order, a hundred at a time: a keyset page of slugs (the unique
 * slug index, so no page costs more than the first) and item_details() for them, the function
 * the detail page reads. Each batch is its own short query, so a pass over the whole catalog
 * never holds a transaction, a snapshot or the event loop for long.
 */
export async function* publicItemBatches(pool: pg.Pool, batchSize = DETAILS_BATCH): AsyncGenerator<PublicItem[]> {
  const size = Math.min(Math.max(1, batchSize), DETAILS_BATCH);
  let after = '';
  for (;;) {
    const { rows } = await pool.query<{ items: PublicItem[] | null }>(
      `select public.item_details(array(
         select slug from public.content_items where status = 'published' and slug > $1 order by slug limit $2
       )) as items`,
      [after, size],
    );
    const items = rows[0]?.items ?? [];
    if (!items.length) {
      // A batch whose items were all retracted between the two steps cannot happen (one
      // statement), but an empty page is the end.
      return;
    }
    yield items;
    after = items[items.length - 1]!.slug;
    if (items.length < size) return;
  }
}

/**
 * What changes when the published catalog does: how many items are published and the latest
 * change to any item (a retraction changes updated_at too) and to the fields.
 */
export async function catalogFingerprint(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>(
    `select concat_ws(' ',
       (select count(*) from public.content_items where status = 'published'),
       (select max(updated_at) from public.content_items),
       (select count(*) from public.content_items),
       (select md5(string_agg(slug || name, ',' order by slug)) from public.scientific_domains)) as fingerprint`,
  );
  return rows[0]!.fingerprint;
}
