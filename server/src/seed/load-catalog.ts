import type pg from 'pg';
import type { CatalogItem } from '@sciai/core';

export interface LoadResult {
  inserted: number;
  skipped: number;
}

/** Items per call: big enough to be set-based, small enough to keep each statement brisk. */
export const LOAD_CHUNK_SIZE = 2_000;

/** Loads items through the database's own `load_catalog` function, chunk by chunk. */
export async function loadCatalog(
  pool: pg.Pool,
  items: CatalogItem[],
  onProgress?: (done: number, total: number) => void,
): Promise<LoadResult> {
  const total: LoadResult = { inserted: 0, skipped: 0 };
  for (let start = 0; start < items.length; start += LOAD_CHUNK_SIZE) {
    const chunk = items.slice(start, start + LOAD_CHUNK_SIZE);
    const { rows } = await pool.query<{ result: LoadResult }>('select public.load_catalog($1::jsonb) as result', [
      JSON.stringify(chunk),
    ]);
    total.inserted += rows[0]!.result.inserted;
    total.skipped += rows[0]!.result.skipped;
    onProgress?.(Math.min(start + chunk.length, items.length), items.length);
  }
  // a bulk load leaves the planner without statistics for what it wrote
  if (total.inserted > 0) await pool.query('select public.refresh_catalog_statistics()');
  return total;
}

export async function catalogIsEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ empty: boolean }>(
    'select not exists (select 1 from public.content_items) as empty',
  );
  return rows[0]!.empty;
}
