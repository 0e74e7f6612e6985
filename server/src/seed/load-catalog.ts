import type pg from 'pg';
import type { CatalogItem } from '@sciai/core';
import type { LoadableItem } from '@sciai/core/catalog-build';

export interface LoadResult {
  inserted: number;
  skipped: number;
}

/** Items per call: big enough to be set-based, small enough to keep each statement brisk. */
export const LOAD_CHUNK_SIZE = 2_000;

export interface LoadOptions {
  /** Sample items show the 'Sample data' notice while they keep their figures (synthetic data). */
  markAsSample?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Loads items through the database's own `load_catalog` function, chunk by chunk. */
export async function loadCatalog(
  pool: pg.Pool | pg.PoolClient,
  items: ReadonlyArray<CatalogItem | LoadableItem>,
  { markAsSample = false, onProgress }: LoadOptions = {},
): Promise<LoadResult> {
  const total: LoadResult = { inserted: 0, skipped: 0 };
  for (let start = 0; start < items.length; start += LOAD_CHUNK_SIZE) {
    const chunk = items.slice(start, start + LOAD_CHUNK_SIZE);
    const { rows } = await pool.query<{ result: LoadResult }>('select public.load_catalog($1::jsonb, $2) as result', [
      JSON.stringify(chunk),
      markAsSample,
    ]);
    total.inserted += rows[0]!.result.inserted;
    total.skipped += rows[0]!.result.skipped;
    onProgress?.(Math.min(start + chunk.length, items.length), items.length);
  }
  // a bulk load leaves the planner without statistics for what it wrote
  if (total.inserted > 0) await pool.query('select public.refresh_catalog_statistics()');
  return total;
}

/**
 * The catalog a new SciAI starts with: its sources, then its items, in one transaction, so that
 * a start stopped half-way leaves an empty catalog to load again rather than part of one.
 */
export async function loadSourcedCatalog(
  pool: pg.Pool,
  catalog: { sources: unknown[]; items: readonly LoadableItem[] },
): Promise<LoadResult> {
  const client = await pool.connect();
  let result: LoadResult;
  try {
    await client.query('begin');
    await client.query('select public.load_catalog_sources($1::jsonb)', [JSON.stringify(catalog.sources)]);
    result = await loadCatalog(client, catalog.items);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return result;
}

export async function catalogIsEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ empty: boolean }>(
    'select not exists (select 1 from public.content_items) as empty',
  );
  return rows[0]!.empty;
}
