import { describe, expect, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';

/**
 * refresh_catalog_statistics() runs ANALYZE over the catalog tables: seconds of work on a large
 * catalog, so only the service key (sciai seed, sciai import) and administrators (imports from
 * the web) may ask for it; everyone else is refused without any work done.
 */
describe('refresh_catalog_statistics', () => {
  it('is refused to visitors and to signed-in users who are not administrators', async () => {
    const anonymous = await anonClient().rpc('refresh_catalog_statistics');
    expect(anonymous.error).not.toBeNull();
    expect([401, 403, 404]).toContain(anonymous.status);

    const { client } = await signedInAs('user', 'statistics');
    const user = await client.rpc('refresh_catalog_statistics');
    expect(user.error?.code).toBe('42501');
    expect(user.status).toBe(403);

    const moderator = await (
      await signedInAs('moderator', 'statistics-moderator')
    ).client.rpc('refresh_catalog_statistics');
    expect(moderator.error?.code).toBe('42501');
  });

  it('ignores arguments it does not take', async () => {
    const { status } = await serviceClient().rpc('refresh_catalog_statistics', { tables: ['pg_authid'] });
    // PostgREST finds no function with that argument: a client error, never a 5xx
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it('analyses the catalog tables for the service key', async () => {
    const { data, error } = await serviceClient().rpc('refresh_catalog_statistics');
    expect(error).toBeNull();
    expect(data).toEqual(expect.arrayContaining(['content_items', 'content_search']));
  });
});
