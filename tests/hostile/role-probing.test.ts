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

  // The catalog's read policies call is_staff as the requesting role, visitors included, so it
  // stays executable; it answers only about the caller, which get_user_roles tells a user anyway.
  it('answers is_staff only about the caller', async () => {
    const asVisitor = await send(backend, '/rest/v1/rpc/is_staff', { body: '{}' });
    expect(asVisitor).toMatchObject({ status: 200, body: false });
  });

  it('refuses the helpers a visitor has no use for', async () => {
    for (const [name, args] of [
      ['is_admin', {}],
      ['get_user_roles', { _user_id: '00000000-0000-0000-0000-000000000000' }],
      ['is_valid_orcid', { _orcid: '0000-0002-1825-0097' }],
      ['normalize_url', { url: 'https://example.org/' }],
      ['edit_distance', { a: 'protien', b: 'protein' }],
    ] as const) {
      const answer = await send(backend, `/rest/v1/rpc/${name}`, { body: JSON.stringify(args) });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(401);
      expect(answer.body).toMatchObject({ code: '42501' });
    }
  });

  it('leaves a signed-in user what the policies, the constraints and the app call as them', async () => {
    const user = await signedInAs('user', 'helper-caller');
    const asUser = (name: string, args: object) =>
      send(backend, `/rest/v1/rpc/${name}`, {
        body: JSON.stringify(args),
        headers: { authorization: `Bearer ${user.session.access_token}` },
      });
    expect(await asUser('is_admin', {})).toMatchObject({ status: 200, body: false });
    expect(await asUser('is_staff', {})).toMatchObject({ status: 200, body: false });
    expect(await asUser('is_valid_orcid', { _orcid: '0000-0002-1825-0097' })).toMatchObject({
      status: 200,
      body: true,
    });
    // only search_correction_candidates calls it, as its owner
    const distance = await asUser('edit_distance', { a: 'protien', b: 'protein' });
    expect(distance.status).toBe(403);
    expect(distance.body).toMatchObject({ code: '42501' });
    // the profile's ORCID check runs as the user
    const saved = await send(backend, `/rest/v1/user_profiles?id=eq.${user.userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ orcid_id: '0000-0002-1825-0097' }),
      headers: { authorization: `Bearer ${user.session.access_token}`, prefer: 'return=representation' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const refused = await send(backend, `/rest/v1/user_profiles?id=eq.${user.userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ orcid_id: '0000-0002-1825-0098' }),
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(refused.body).toMatchObject({ code: '23514' });
  });

  it('still tells a user their own roles', async () => {
    const user = await signedInAs('user', 'own-roles');
    const roles = await user.client.rpc('get_user_roles', { _user_id: user.userId });
    expect(roles).toMatchObject({ error: null, data: ['user'] });
  });
});
