import type pg from 'pg';

/**
 * Tells the database how much the search cache may hold (catalog_state.search_cache_max_bytes,
 * which search_items' pruning reads): SEARCH_CACHE_MAX_MB, set by each server as it starts. With
 * several servers on one PostgreSQL, the last one started decides.
 */
export async function setSearchCacheBound(pool: pg.Pool, maxMb: number): Promise<void> {
  await pool.query(
    `update public.catalog_state set search_cache_max_bytes = $1
     where search_cache_max_bytes is distinct from $1`,
    [maxMb * 1024 * 1024],
  );
}
