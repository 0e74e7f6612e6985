import { describe, expect, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';

/** Claims of a supabase-js access token. */
function claims(token: string): Record<string, unknown> {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (typeof payload !== 'object' || payload === null) throw new Error('not a JWT');
  return Object.fromEntries(Object.entries(payload));
}

/**
 * require_admin_2fa (on by default): the admin role grants admin rights in the database only to a
 * session that passed the second factor (aal2). Others' roles and the waitlist are admin-only.
 */
describe('admin rights need aal2 while require_admin_2fa is on', () => {
  it('refuses an admin at aal1 and allows the same kind of admin at aal2', async () => {
    // An admin without a second factor: the admin role on a plain password session.
    const weak = await signedInAs('user', 'admin-aal1');
    await withDatabase((db) =>
      db.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [weak.userId]),
    );
    expect(claims(weak.session.access_token).aal).toBe('aal1');
    const strong = await signedInAs('admin', 'admin-aal2');
    expect(claims(strong.session.access_token).aal).toBe('aal2');
    const other = await signedInAs('user', 'admin-target');

    // The roles of someone else: admins only.
    const weakRoles = await weak.client.from('user_roles').select('role').eq('user_id', other.userId);
    expect(weakRoles.error).toBeNull();
    expect(weakRoles.data).toEqual([]);
    const strongRoles = await strong.client.from('user_roles').select('role').eq('user_id', other.userId);
    expect(strongRoles.data).toEqual([{ role: 'user' }]);

    // The waitlist: admins only.
    await withDatabase((db) =>
      db.query('insert into public.waitlist_signups (email) values ($1)', [
        `aal-${other.userId.slice(0, 8)}@example.org`,
      ]),
    );
    const weakWaitlist = await weak.client.from('waitlist_signups').select('id', { count: 'exact', head: true });
    const strongWaitlist = await strong.client.from('waitlist_signups').select('id', { count: 'exact', head: true });
    expect(weakWaitlist.error).toBeNull();
    expect(weakWaitlist.count).toBe(0);
    expect(strongWaitlist.error).toBeNull();
    expect(strongWaitlist.count ?? 0).toBeGreaterThan(0);

    // Granting a role is refused at aal1.
    const grant = await weak.client.from('user_roles').insert({ user_id: other.userId, role: 'moderator' });
    expect(grant.error?.code).toBe('42501');
  });

  it('still tells an aal1 admin their roles, and that 2FA is required, so the app can ask for it', async () => {
    const weak = await signedInAs('user', 'admin-roles');
    await withDatabase((db) =>
      db.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [weak.userId]),
    );
    const roles = await weak.client.rpc('get_user_roles', { _user_id: weak.userId });
    expect(roles.error).toBeNull();
    expect(roles.data).toEqual(['admin', 'user']);
    const required = await weak.client.rpc('admin_requires_aal2');
    expect(required.data).toBe(true);
  });
});
