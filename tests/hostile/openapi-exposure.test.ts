import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { send } from './hostile-requests.ts';

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

  it('is each role’s own when served again and again, whatever the query string', async () => {
    const user = await signedInAs('user', 'openapi-reader');
    const callers = {
      anon: backend.anonKey,
      authenticated: user.session.access_token,
      service_role: backend.serviceRoleKey,
    };
    const documents: Record<string, string[]> = {};
    for (const [role, key] of Object.entries(callers)) {
      const answers = await Promise.all(
        ['/rest/v1/', '/rest/v1/', '/rest/v1/?a=1', '/rest/v1?select=*', '/rest/v1/'].map((path) =>
          send(backend, path, { headers: { authorization: `Bearer ${key}` } }),
        ),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      const paths = answers.map((answer) =>
        Object.keys((answer.body as { paths: object }).paths)
          .sort()
          .join(' '),
      );
      expect(new Set(paths).size, role).toBe(1);
      documents[role] = paths[0]!.split(' ');
    }
    // the service role may call what visitors and users may not; users what visitors may not
    expect(documents.service_role).toContain('/rpc/load_catalog');
    expect(documents.anon).not.toContain('/rpc/load_catalog');
    expect(documents.authenticated).toContain('/rpc/end_my_session');
    expect(documents.anon).not.toContain('/rpc/end_my_session');
    for (const document of Object.values(documents)) expect(document).not.toContain('/rpc/check_request_session');
  });

  it('is refused to the token of an ended session after a live one was served', async () => {
    const live = await signedInAs('user', 'openapi-live');
    const ended = await signedInAs('user', 'openapi-ended');
    const asUser = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    expect((await send(backend, '/rest/v1/', asUser(live.session.access_token))).status).toBe(200);
    expect((await send(backend, '/rest/v1/', asUser(ended.session.access_token))).status).toBe(200);
    await withDatabase((db) => db.query('delete from auth.sessions where user_id = $1', [ended.userId]));
    const refused = await send(backend, '/rest/v1/', asUser(ended.session.access_token));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'PT401' });
    expect((await send(backend, '/rest/v1/', asUser(live.session.access_token))).status).toBe(200);
  });

  it('is no document for a forged token or an odd Accept', async () => {
    const forged = `${backend.anonKey.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await send(backend, '/rest/v1/', { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
    const csv = await send(backend, '/rest/v1/', { headers: { accept: 'text/csv' } });
    expect(csv.status).toBeGreaterThanOrEqual(400);
    expect(csv.status).toBeLessThan(500);
    const hugeAccept = await send(backend, '/rest/v1/', { headers: { accept: `${'x/y,'.repeat(2_000)}*/*` } });
    expect(hugeAccept.status).toBeLessThan(500);
  });
});
