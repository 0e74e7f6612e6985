import { describe, expect, inject, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { send } from './hostile-requests.ts';

/**
 * Who holds which role is not public: the role checks the policies use cannot be called through
 * the Data API. A user still reads their own roles (get_user_roles), as the app does.
 */
describe('probing who is an administrator', () => {
  const backend = inject('backend');

  it('refuses has_role, which answers about anyone, to visitors and signed-in users', async () => {
    const admin = await signedInAs('admin', 'probed-admin');
    const user = await signedInAs('user', 'role-prober');
    const body = JSON.stringify({ _user_id: admin.userId, _role: 'admin' });
    const asVisitor = await send(backend, '/rest/v1/rpc/has_role', { body });
    expect(asVisitor.status, JSON.stringify(asVisitor.body)).toBe(401);
    expect(asVisitor.body).toMatchObject({ code: '42501' });
    const asUser = await send(backend, '/rest/v1/rpc/has_role', {
      body,
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(asUser.status, JSON.stringify(asUser.body)).toBe(403);
    expect(asUser.body).toMatchObject({ code: '42501' });
  });

  // The policies call these as the requesting role, so they stay executable; they answer only
  // about the caller, which get_user_roles tells the caller anyway.
  it.each(['is_staff', 'is_admin'])('answers %s only about the caller', async (name) => {
    const asVisitor = await send(backend, `/rest/v1/rpc/${name}`, { body: '{}' });
    expect(asVisitor).toMatchObject({ status: 200, body: false });
  });

  it('still tells a user their own roles', async () => {
    const user = await signedInAs('user', 'own-roles');
    const roles = await user.client.rpc('get_user_roles', { _user_id: user.userId });
    expect(roles).toMatchObject({ error: null, data: ['user'] });
  });
});
