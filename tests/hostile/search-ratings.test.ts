import { describe, expect, inject, it } from 'vitest';
import { anonClient, visitorAddress } from '../support/clients.ts';
import { nestedArrays } from './hostile-requests.ts';

/**
 * The rating sort and 'Rated 4★ and up' (docs/product.md#browse-sort, #browse-features) with wrong,
 * oversized and oddly encoded values, in search_items' arguments (the public API) and in browse
 * and embed URLs: refused as client errors or ignored, never a 5xx or a hang.
 */
describe('hostile rating sort and filter', () => {
  const anon = anonClient();

  it('refuses an unknown sort or feature with a client error naming it', async () => {
    const wrong: Array<Record<string, unknown>> = [
      { sort_by: 'highest rated' },
      { sort_by: 'HIGHEST_RATED' },
      { sort_by: 'highest_rated desc; select pg_sleep(10)' },
      { sort_by: 'highest_rated'.repeat(5_000) },
      { features: ['rated_4'] },
      { features: ['RATED_4_UP'] },
      { features: ['rated_4_up', "x'); drop table public.item_ratings; --"] },
      { features: ['rated_4_up', null] },
      { features: ['r'.repeat(100_000)] },
      { features: Array.from({ length: 5_000 }, (_, i) => `rated_${i}_up`) },
    ];
    for (const args of wrong) {
      const { status, error } = await anon.rpc('search_items', args);
      const label = JSON.stringify(args).slice(0, 60);
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expect(error?.message, label).toMatch(/Unknown (sort|feature)|more than|limit|large/i);
    }
  });

  it('refuses values of the wrong shape without a server error', async () => {
    const shapes: unknown[] = ['rated_4_up', 4, true, { rated_4_up: true }, [['rated_4_up']]];
    for (const features of shapes) {
      const { status } = await anon.rpc('search_items', { features: features as never });
      expect(status, JSON.stringify(features)).toBeLessThan(500);
    }
    for (const sort_by of [4.5, ['highest_rated'], { by: 'rating' }, null]) {
      const { status } = await anon.rpc('search_items', { sort_by: sort_by as never });
      expect(status, JSON.stringify(sort_by)).toBeLessThan(500);
    }
    const backend = inject('backend');
    const response = await fetch(`${backend.url}/rest/v1/rpc/search_items`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(),
      },
      body: `{"features":${nestedArrays(5_000)},"sort_by":"highest_rated"}`,
    });
    await response.arrayBuffer();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('answers the known values, repeated, as once', async () => {
    const once = await anon.rpc('search_items', { features: ['rated_4_up'], sort_by: 'highest_rated', page_size: 5 });
    const repeated = await anon.rpc('search_items', {
      features: Array(100).fill('rated_4_up'),
      sort_by: 'highest_rated',
      page_size: 5,
    });
    expect(once.error).toBeNull();
    expect(repeated.error).toBeNull();
    expect(repeated.data).toEqual(once.data);
  });

  it('serves browse and embed URLs with odd rating values: ignored or answered, never a 5xx', async () => {
    const backend = inject('backend');
    const queries = [
      'sort=highest_rated&feature=rated_4_up',
      'sort=HIGHEST_RATED&feature=RATED_4_UP',
      `sort=${'highest_rated'.repeat(400)}`,
      'feature=rated_4_up%00&sort=highest%5Frated',
      'feature=%FF%FE&sort=%E0%A4%A',
      Array.from({ length: 300 }, () => 'feature=rated_4_up').join('&'),
      "feature=rated_4_up'%3B%20select%201%3B--",
    ];
    for (const query of queries) {
      for (const path of ['/browse', '/embed']) {
        const response = await fetch(`${backend.url}${path}?${query}`, {
          headers: { 'x-forwarded-for': visitorAddress() },
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        expect(response.status, `${path}?${query.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });
});
