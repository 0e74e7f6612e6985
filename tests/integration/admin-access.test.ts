import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, visitor, withDatabase, type SignedInUser } from '../support/auth.ts';
import { AdminDashboardSchema, AdminItemPageSchema, ServerStatusSchema } from '../../web/src/data/admin-schemas.ts';
import { rpcFailure, rpcOk } from './admin-fixtures.ts';

const someId = randomUUID();
/** Every admin-only function, with arguments it would accept from an admin. */
const ADMIN_CALLS: Array<[string, Record<string, unknown>]> = [
  ['admin_dashboard', {}],
  ['admin_list_users', { search: '' }],
  ['admin_set_role', { target: someId, new_role: 'admin' }],
  ['admin_set_banned', { target: someId, banned: true }],
  ['admin_pending_verifications', {}],
  ['admin_decide_verification', { target: someId, approve: true }],
  ['admin_analytics', { days: 7 }],
  ['admin_set_setting', { setting_key: 'registration_open', enabled: false }],
];
/** Staff functions: moderators may call these. */
const STAFF_CALLS: Array<[string, Record<string, unknown>]> = [
  ['admin_list_items', {}],
  ['admin_update_item', { item_id: someId, changes: { featured: true } }],
];

let member: SignedInUser;
let moderator: SignedInUser;
beforeAll(async () => {
  [member, moderator] = await Promise.all([signedInAs('user', 'access-user'), signedInAs('moderator', 'access-mod')]);
});

describe('admin functions refuse everyone else', () => {
  it('refuses a plain user every admin and staff function with 42501', async () => {
    for (const [name, args] of [...ADMIN_CALLS, ...STAFF_CALLS]) {
      expect(await rpcFailure(member.client, name, args), name).toMatchObject({ code: '42501' });
    }
  });

  it('refuses a moderator every admin-only function, but lets them list content', async () => {
    for (const [name, args] of ADMIN_CALLS) {
      expect(await rpcFailure(moderator.client, name, args), name).toMatchObject({ code: '42501' });
    }
    const listed = await rpcOk(moderator.client, 'admin_list_items', { page_size: 1 }, AdminItemPageSchema);
    expect(listed.total).toBeGreaterThan(0);
  });

  it('does not let visitors call admin functions at all', async () => {
    for (const [name, args] of [...ADMIN_CALLS, ...STAFF_CALLS]) {
      expect((await rpcFailure(visitor(), name, args)).code, name).toBe('42501');
    }
  });

  it('keeps admin tables closed to users and moderators', async () => {
    await visitor().rpc('record_search', { term: `secret ${randomUUID().slice(0, 6)}`, result_count: 2 });
    for (const user of [member, moderator]) {
      expect((await user.client.from('search_terms').select('term')).data).toEqual([]);
      expect((await user.client.from('search_terms').insert({ day: '2026-01-01', term: 'x' })).error?.code).toBe(
        '42501',
      );
      expect((await user.client.from('waitlist_signups').select('email')).data).toEqual([]);
      const settings = await user.client
        .from('site_settings')
        .update({ value: false })
        .eq('key', 'registration_open')
        .select();
      expect(settings.data ?? []).toEqual([]);
      const role = await user.client.from('user_roles').insert({ user_id: user.userId, role: 'admin' });
      expect(role.error?.code).toBe('42501');
    }
    const open = await withDatabase((db) =>
      db.query(`select value from public.site_settings where key = 'registration_open'`),
    );
    expect(open.rows[0].value).toBe(true);
  });
});

describe('admin dashboard', () => {
  it('reports the database’s own figures and recent activity', async () => {
    const admin = await signedInAs('admin', 'dashboard-admin');
    const count = (sql: string) =>
      withDatabase((db) => db.query<{ n: number }>(sql).then((result) => result.rows[0]!.n));
    const usersBefore = await count('select count(*)::int as n from auth.users');
    const dashboard = await rpcOk(admin.client, 'admin_dashboard', {}, AdminDashboardSchema);
    const usersAfter = await count('select count(*)::int as n from auth.users');
    expect(dashboard.total_users).toBeGreaterThanOrEqual(usersBefore);
    expect(dashboard.total_users).toBeLessThanOrEqual(usersAfter);

    const byType = await withDatabase((db) =>
      db.query<{ content_type: string; n: number }>(
        'select content_type, count(*)::int as n from public.content_items group by 1',
      ),
    );
    for (const row of byType.rows)
      expect(dashboard.content_by_type[row.content_type], row.content_type).toBeGreaterThanOrEqual(row.n);
    expect(Object.values(dashboard.content_by_status).reduce((sum, n) => sum + n, 0)).toBe(dashboard.content_total);
    const migrations = await count('select count(*)::int as n from supabase_migrations.schema_migrations');
    expect(dashboard.migrations_applied).toBe(migrations);
    expect((dashboard.latest_migration ?? '') >= '20261121001400').toBe(true);
    expect(dashboard.pending_verifications).toBeGreaterThanOrEqual(0);
    // the admin's own sign-up is among the latest events (sign-ins are left out)
    expect(dashboard.recent_activity.some((row) => row.activity_type === 'sign_in')).toBe(false);
    expect(dashboard.recent_activity.length).toBeGreaterThan(0);
  });
});

describe('/healthz/admin', () => {
  const status = (token?: string) =>
    fetch(`${inject('backend').url}/healthz/admin`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('tells an admin the engine, latency, data directory size and pending migrations', async () => {
    const admin = await signedInAs('admin', 'health-admin');
    const response = await status(admin.session.access_token);
    expect(response.status).toBe(200);
    const body = ServerStatusSchema.parse(await response.json());
    expect(body.engine).toBe(inject('engine'));
    expect(body.database.ok).toBe(true);
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
    if (inject('engine') === 'pglite') expect(body.data_dir_bytes).toBeGreaterThan(1_000_000);
    else expect(body.data_dir_bytes).toBeNull();
    expect(body.migrations.pending).toEqual([]);
    expect(body.migrations.applied).toBeGreaterThanOrEqual(body.migrations.shipped);
  });

  it('refuses users, moderators, visitors and forged tokens', async () => {
    expect((await status(member.session.access_token)).status).toBe(403);
    expect((await status(moderator.session.access_token)).status).toBe(403);
    expect((await status()).status).toBe(401);
    const [head, payload] = member.session.access_token.split('.');
    expect((await status(`${head}.${payload}.forged`)).status).toBe(401);
  });
});
