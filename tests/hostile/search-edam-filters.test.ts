import { describe, expect, inject, it } from 'vitest';
import { anonClient, visitorAddress } from '../support/clients.ts';

/**
 * The Operation and Input Data filters (docs/product.md#browse-edam) with oversized and odd
 * values, in search_items' arguments and in browse and embed URLs: refused as client errors,
 * ignored, or answered as a value like any other; never a 5xx or a hang.
 */
describe('hostile operation and input data filters', () => {
  const anon = anonClient();

  it('refuses more than 20 terms, or a term over 200 characters, with a client error', async () => {
    const tooMany = Array.from({ length: 21 }, (_, i) => `Operation ${i}`);
    const wrong: Array<Record<string, unknown>> = [
      { operations: tooMany },
      { input_data: tooMany },
      { operations: ['x'.repeat(201)] },
      { input_data: ['Sequence', 'y'.repeat(100_000)] },
      { operations: Array.from({ length: 5_000 }, (_, i) => `op-${i}`) },
    ];
    for (const args of wrong) {
      const { status, error } = await anon.rpc('search_items', args);
      expect(status, JSON.stringify(args).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(error).not.toBeNull();
    }
  });

  it('refuses values of the wrong shape without a server error', async () => {
    for (const value of ['Sequence', 1, true, { term: 'Sequence' }, [['Sequence']], [[[['Image']]]], ['a\u0000b']]) {
      for (const name of ['operations', 'input_data']) {
        const { status } = await anon.rpc('search_items', { [name]: value as never });
        expect(status, `${name} ${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }
  });

  it('answers quotes, SQL and repeats as plain values: nothing matches them, repeats count once', async () => {
    const odd = ["Sequence'); drop table public.content_search; --", '%', '_', '{"a"}', 'NULL', '  ', 'é'];
    const { data, error } = await anon.rpc('search_items', { operations: odd, input_data: odd, page_size: 5 });
    expect(error).toBeNull();
    expect((data as { total: number }).total).toBe(0);
    const repeated = await anon.rpc('search_items', { operations: Array(20).fill('Image analysis'), page_size: 5 });
    const once = await anon.rpc('search_items', { operations: ['Image analysis'], page_size: 5 });
    expect(repeated.error).toBeNull();
    expect(repeated.data).toEqual(once.data);
    // a null among the terms is no term
    const withNull = await anon.rpc('search_items', { operations: ['Image analysis', null], page_size: 5 });
    expect(withNull.error).toBeNull();
    expect(withNull.data).toEqual(once.data);
  });

  it('serves browse and embed URLs with odd or oversized terms: ignored or answered, never a 5xx', async () => {
    const backend = inject('backend');
    const many = Array.from({ length: 300 }, (_, i) => `operation=Op${i}`).join('&');
    const queries = [
      `operation=${'x'.repeat(5_000)}`,
      many,
      'operation=%00&input=%FF%FE',
      "input=Sequence'%3B%20select%201%3B--&operation=",
      `operation=${encodeURIComponent('Gene expression profiling, single cell')}&input=%20%20`,
    ];
    for (const query of queries) {
      for (const path of ['/browse', '/embed']) {
        const response = await fetch(`${backend.url}${path}?${query}`, {
          headers: { 'x-forwarded-for': visitorAddress() },
        });
        await response.arrayBuffer();
        expect(response.status, `${path}?${query.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });
});
