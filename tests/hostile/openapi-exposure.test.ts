import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

/**
 * The Data API's OpenAPI document (GET /rest/v1/) is a map of the database: a visitor's copy
 * lists only the tables and functions a visitor may use, never the internal ones
 * (docs/security.md, "The Data API's OpenAPI document").
 */
describe('the OpenAPI document a visitor gets', () => {
  const backend = inject('backend');

  async function openApiPaths(key: string): Promise<string[]> {
    const response = await fetch(`${backend.url}/rest/v1/`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    return Object.keys(document.paths);
  }

  it('lists no internal function', async () => {
    const paths = await openApiPaths(backend.anonKey);
    for (const name of ['has_role', 'commit_import', 'check_request_session', 'grant_admin_role', 'load_catalog'])
      expect(paths).not.toContain(`/rpc/${name}`);
  });

  it('lists no table or view a visitor has no privilege on', async () => {
    const client = new pg.Client({ connectionString: backend.connectionString });
    await client.connect();
    let hidden: string[];
    let visible: string[];
    try {
      const { rows } = await client.query<{ name: string; usable: boolean }>(`
        select c.relname as name,
               has_table_privilege('anon', c.oid, 'select, insert, update, delete') as usable
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')`);
      hidden = rows.filter((row) => !row.usable).map((row) => `/${row.name}`);
      visible = rows.filter((row) => row.usable).map((row) => `/${row.name}`);
    } finally {
      await client.end();
    }
    expect(hidden.length).toBeGreaterThan(0);
    const paths = await openApiPaths(backend.anonKey);
    for (const path of hidden) expect(paths).not.toContain(path);
    // what a visitor may use is still described
    expect(visible.length).toBeGreaterThan(0);
    for (const path of visible) expect(paths).toContain(path);
  });

  it('cannot call the per-request session check as an endpoint', async () => {
    for (const path of ['/rest/v1/rpc/check_request_session', '/rest/v1/rpc/check%5Frequest%5Fsession']) {
      const response = await fetch(`${backend.url}${path}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(404);
    }
  });
});
