import { describe, expect, it } from 'vitest';
import { PASSWORD, signedInAs, visitor, withDatabase } from '../support/auth.ts';
import { AdminUserPageSchema } from '../../web/src/data/admin-schemas.ts';
import { actAs, asUserThenRollback, rpcDone, rpcFailure, rpcOk } from './admin-fixtures.ts';

const listUsers = (client: Parameters<typeof rpcOk>[0], args: Record<string, unknown>) =>
  rpcOk(client, 'admin_list_users', args, AdminUserPageSchema);

describe('admin user administration', () => {
  it('lists users with search, role filter and pagination', async () => {
    const admin = await signedInAs('admin', 'list-admin');
    const member = await signedInAs('user', 'list-member');

    const byEmail = await listUsers(admin.client, { search: member.email });
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]).toMatchObject({
      id: member.userId,
      email: member.email,
      roles: ['user'],
      mfa_enabled: false,
      banned: false,
    });
    expect(byEmail.users[0]?.last_sign_in_at).not.toBeNull();

    const adminRow = await listUsers(admin.client, { search: admin.email, role: 'admin' });
    expect(adminRow.users.map((user) => user.id)).toEqual([admin.userId]);
    expect(adminRow.users[0]?.mfa_enabled).toBe(true);
    const noModerator = await listUsers(admin.client, { search: member.email, role: 'moderator' });
    expect(noModerator.total).toBe(0);

    // names are searched too: the profile of the member gets a unique first name
    const name = `Zelda${member.userId.slice(0, 6)}`;
    await withDatabase((db) =>
      db.query('update public.user_profiles set first_name = $1 where id = $2', [name, member.userId]),
    );
    const byName = await listUsers(admin.client, { search: name.toLowerCase() });
    expect(byName.users.map((user) => user.id)).toEqual([member.userId]);

    await signedInAs('user', 'list-third');
    const first = await listUsers(admin.client, { page: 1, page_size: 2 });
    const second = await listUsers(admin.client, { page: 2, page_size: 2 });
    expect(first.users).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.users.length).toBeGreaterThan(0);
    expect(second.users.map((user) => user.id)).not.toContain(first.users[0]?.id);
  });

  it('changes a role and records the decision', async () => {
    const admin = await signedInAs('admin', 'role-admin');
    const member = await signedInAs('user', 'role-member');
    await rpcDone(admin.client, 'admin_set_role', { target: member.userId, new_role: 'moderator' });
    const { data: roles } = await member.client.rpc('get_user_roles', { _user_id: member.userId });
    expect(roles).toEqual(['moderator', 'user']);

    await rpcDone(admin.client, 'admin_set_role', { target: member.userId, new_role: 'user' });
    const { data: after } = await member.client.rpc('get_user_roles', { _user_id: member.userId });
    expect(after).toEqual(['user']);

    const logged = await withDatabase((db) =>
      db.query(
        `select activity_data ->> 'role' as role from public.user_activity
                where user_id = $1 and activity_type = 'admin_role_changed' order by id`,
        [admin.userId],
      ),
    );
    expect(logged.rows.map((row: { role: string }) => row.role)).toEqual(['moderator', 'user']);
    expect((await rpcFailure(admin.client, 'admin_set_role', { target: member.userId, new_role: 'owner' })).code).toBe(
      '22023',
    );
  });

  it('bans a user: sessions end, sign-in is refused with a clear message; unban restores access', async () => {
    const admin = await signedInAs('admin', 'ban-admin');
    const member = await signedInAs('user', 'ban-member');
    await rpcDone(admin.client, 'admin_set_banned', { target: member.userId, banned: true });

    const sessions = await withDatabase((db) =>
      db.query('select count(*)::int as n from auth.sessions where user_id = $1', [member.userId]),
    );
    expect(sessions.rows[0].n).toBe(0);
    const refreshed = await member.client.auth.refreshSession({ refresh_token: member.session.refresh_token });
    expect(refreshed.error).not.toBeNull();

    const signIn = await visitor().auth.signInWithPassword({ email: member.email, password: PASSWORD });
    expect(signIn.error?.message).toBe('User is banned');
    const listed = await listUsers(admin.client, { search: member.email });
    expect(listed.users[0]?.banned).toBe(true);

    await rpcDone(admin.client, 'admin_set_banned', { target: member.userId, banned: false });
    const again = await visitor().auth.signInWithPassword({ email: member.email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.session).not.toBeNull();
  });

  it('never demotes or bans the last remaining admin, nor lets an admin ban themselves', async () => {
    const admin = await signedInAs('admin', 'last-admin');
    const selfBan = await rpcFailure(admin.client, 'admin_set_banned', { target: admin.userId, banned: true });
    expect(selfBan.message).toBe('You cannot ban yourself');

    const other = await signedInAs('admin', 'other-admin');
    await asUserThenRollback(admin.userId, async (db) => {
      // every other admin gone: this one is the last
      await db.query(`delete from public.user_roles where role = 'admin' and user_id <> $1`, [admin.userId]);
      await actAs(db, admin.userId);
      await expect(db.query(`select public.admin_set_role($1, 'user')`, [admin.userId])).rejects.toThrow(
        'Cannot remove the last administrator',
      );
    });
    await asUserThenRollback(admin.userId, async (db) => {
      await db.query(`delete from public.user_roles where role = 'admin' and user_id <> $1`, [admin.userId]);
      await actAs(db, admin.userId);
      // nor by editing the roles table directly, as the admin policy would allow
      await expect(
        db.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [admin.userId]),
      ).rejects.toThrow('Cannot remove the last administrator');
    });
    await asUserThenRollback(admin.userId, async (db) => {
      await db.query(`delete from public.user_roles where role = 'admin' and user_id not in ($1, $2)`, [
        admin.userId,
        other.userId,
      ]);
      await actAs(db, admin.userId);
      // two admins: demoting the other is fine, banning the then-last one is not
      await db.query(`select public.admin_set_role($1, 'user')`, [other.userId]);
      await db.query(`select public.admin_set_role($1, 'admin')`, [other.userId]);
      await db.query(`select public.admin_set_banned($1, true)`, [other.userId]);
      await expect(db.query(`select public.admin_set_role($1, 'moderator')`, [admin.userId])).rejects.toThrow(
        'Cannot remove the last administrator',
      );
    });
  });
});
