import { describe, expect, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';

/**
 * merge_search_index_pending() merges the browse index's GIN pending lists: the database calls
 * it after bulk writes (refresh_catalog_statistics, refresh_trending_scores). It is not part of
 * the Data API: visitors and signed-in users are refused, with or without arguments, never a 5xx.
 */
describe('merge_search_index_pending', () => {
  it('is refused to visitors and to signed-in users', async () => {
    const anonymous = await anonClient().rpc('merge_search_index_pending');
    expect(anonymous.error).not.toBeNull();
    expect([401, 403, 404]).toContain(anonymous.status);

    const { client } = await signedInAs('user', 'search-pending');
    const user = await client.rpc('merge_search_index_pending');
    expect(user.error).not.toBeNull();
    expect([401, 403, 404]).toContain(user.status);
  });

  it('answers odd arguments with a client error', async () => {
    const { status } = await anonClient().rpc('merge_search_index_pending', {
      index_name: 'pg_class'.repeat(5_000),
      nested: { deeper: [[[{ x: '\u0000' }]]] },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });
});
