import { describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients.ts';

/**
 * The project-health filters and signal sorts of search_items (docs/product.md#browse-health)
 * with wrong and oversized values: refused as client errors or answered, never a 5xx or a hang.
 * One visitor address for the file (anonClient picks one per client).
 */
describe('hostile search health and signal sorts', () => {
  const anon = anonClient();

  it('refuses an unknown health filter or sort with a client error', async () => {
    const wrong: unknown[] = [
      ['archived'],
      ['MAINTAINED'],
      [null],
      ['maintained', "links_ok'); drop table public.content_search; --"],
      ['x'.repeat(100_000)],
      Array.from({ length: 5_000 }, (_, i) => `filter-${i}`),
    ];
    for (const health of wrong) {
      const { status, error } = await anon.rpc('search_items', { health });
      expect(status, JSON.stringify(health).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(error).not.toBeNull();
    }
    for (const sort_by of ['most cited', 'recently_active; select 1', 'x'.repeat(50_000)]) {
      const { status } = await anon.rpc('search_items', { sort_by });
      expect(status, sort_by.slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it('refuses values of the wrong shape without a server error', async () => {
    for (const health of ['maintained', 1, true, { maintained: true }, [['maintained']], [[[['links_ok']]]]]) {
      const { status } = await anon.rpc('search_items', { health: health as never });
      expect(status, JSON.stringify(health)).toBeLessThan(500);
    }
  });

  it('answers a list of the known values, repeated, as the two of them; refuses an oversized one', async () => {
    const huge = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'maintained' : 'links_ok'));
    const refused = await anon.rpc('search_items', { health: huge });
    expect(refused.status).toBe(400);
    const health = Array.from({ length: 100 }, (_, i) => (i % 2 ? 'maintained' : 'links_ok'));
    const many = await anon.rpc('search_items', { health, sort_by: 'recently_active', page_size: 5 });
    const two = await anon.rpc('search_items', {
      health: ['links_ok', 'maintained'],
      sort_by: 'recently_active',
      page_size: 5,
    });
    expect(many.error).toBeNull();
    expect(many.data).toEqual(two.data);
  });
});
