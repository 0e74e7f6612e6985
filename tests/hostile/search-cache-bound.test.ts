import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, serveGateway, type ServedGateway, type TestDatabase } from '../support/backend.ts';
import { crowdClient } from '../support/clients.ts';

/**
 * An anonymous client asking one distinct search after another cannot make the search cache grow
 * past its bound (SEARCH_CACHE_MAX_MB, here 1 MiB, about forty pages): the least recently used
 * entries go, and what is asked again is still answered from the cache.
 */
const BOUND_MB = 1;
const SORTS = [
  'relevance',
  'recent',
  'most_saved',
  'most_viewed',
  'trending',
  'alphabetical',
  'most_cited',
  'most_starred',
  'recently_active',
];
/** Cache writes between two prunes (search_items). */
const PRUNE_EVERY = 64;

describe('the search cache stays within its bound', () => {
  const engine = inject('engine');
  let database: TestDatabase | undefined;
  let backend: Backend | undefined;
  let served: ServedGateway | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'seeded', `sciai-cache-bound-${engine}-`);
    backend = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false, searchCacheMaxMb: BOUND_MB },
    );
    served = await serveGateway(backend, { trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await served?.close();
    await backend?.stop();
    await database?.remove();
  });

  async function cache() {
    const { rows } = await backend!.db.pool.query<{ entries: number; bytes: number; writes: number }>(
      `select (select count(*)::int from public.search_cache) as entries,
              (select coalesce(sum(bytes), 0)::int from public.search_cache) as bytes,
              (select case when is_called then last_value else 0 end::int from public.search_cache_writes) as writes`,
    );
    return rows[0]!;
  }

  it('evicts the least recently used entries once distinct searches pass the bound', async () => {
    const visitor = crowdClient(served!.url, backend!.secrets.anonKey);
    const bound = BOUND_MB * 1024 * 1024;
    let written = 0;
    let asked = 0;
    const ask = async (sortBy: string, pageOffset: number) => {
      const { data, error, status } = await visitor.rpc('search_items', {
        sort_by: sortBy,
        page_offset: pageOffset,
        page_size: 20,
      });
      expect(error, `${sortBy} ${pageOffset}`).toBeNull();
      expect(status).toBe(200);
      asked += 1;
      written += JSON.stringify(data).length;
      return data as unknown;
    };
    // every sort's pages, one after another: distinct pages of 20 cards each, until they hold
    // more than twice the bound (how many that takes depends on the cards' size)
    // the arguments of the latest search asked
    let last: Record<string, unknown> = {};
    for (let offset = 0; written <= 2.2 * bound && offset < 2_000; offset += 20) {
      for (const sort of SORTS) {
        await ask(sort, offset);
        last = { sort_by: sort, page_offset: offset, page_size: 20 };
      }
    }
    expect(written, 'the searches wrote well past the bound').toBeGreaterThan(2 * bound);
    // further distinct pages (smaller ones) until the last write was a pruning one
    for (let size = 1; (await cache()).writes % PRUNE_EVERY !== 0 && size <= 100; size += 1) {
      last = { page_size: size, sort_by: 'recent' };
      const { error } = await visitor.rpc('search_items', last);
      expect(error).toBeNull();
    }
    const held = await cache();
    expect(held.writes % PRUNE_EVERY).toBe(0);
    expect(held.bytes).toBeLessThanOrEqual(bound);
    expect(held.entries).toBeLessThan(asked);
    expect(held.entries).toBeGreaterThan(10);

    // the latest page is still cached: asked again, the same answer and nothing written (the pages
    // asked until the pruning write may have pushed the earlier ones out)
    const before = await cache();
    const again = await visitor.rpc('search_items', last);
    expect(again.error).toBeNull();
    expect((await cache()).writes).toBe(before.writes);
  });

  it('keeps the most recently used entries when it prunes', async () => {
    const pool = backend!.db.pool;
    await pool.query('delete from public.search_cache');
    await pool.query(
      `insert into public.search_cache (cache_key, catalog_version, result, bytes, used_at)
       select 'entry-' || i, (select version from public.catalog_state), '{}', 100, now() - make_interval(mins => i)
       from generate_series(1, 10) i`,
    );
    const { rows: setting } = await pool.query<{ max: string }>(
      'select search_cache_max_bytes::text as max from public.catalog_state',
    );
    await pool.query('update public.catalog_state set search_cache_max_bytes = 450');
    try {
      await pool.query('select public.prune_search_cache()');
    } finally {
      await pool.query('update public.catalog_state set search_cache_max_bytes = $1', [setting[0]?.max]);
    }
    const { rows } = await pool.query<{ cache_key: string }>(
      'select cache_key from public.search_cache order by used_at desc',
    );
    expect(rows.map((row) => row.cache_key)).toEqual(['entry-1', 'entry-2', 'entry-3', 'entry-4']);
  });
});
