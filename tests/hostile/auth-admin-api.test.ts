import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, uniqueEmail } from '../support/auth.ts';
import { mailsTo } from '../support/mailbox.ts';
import { expectHealthy, send, type Target } from './hostile-requests.ts';

/**
 * The admin API answers only the service role, and no caller, id, page or body makes the auth
 * service fail (5xx) or hang; sign-in links by mail are rate limited like sign-up
 * (docs/product.md#admin-api, #sign-in-by-e-mail).
 */
describe('the admin API and sign-in links against hostile callers', () => {
  const target = (): Target => inject('backend');
  const serviceKey = () => inject('backend').serviceRoleKey;
  const asService = (path: string, init: { method?: string; body?: string } = {}) =>
    send(target(), `/auth/v1${path}`, { ...init, key: serviceKey() });
  let userId: string;
  let userToken: string;

  beforeAll(async () => {
    const user = await signedInAs('user', 'admin-probe');
    userId = user.userId;
    userToken = user.session.access_token;
  });

  const ADMIN_CALLS: { method: string; path: () => string; body?: string }[] = [
    { method: 'GET', path: () => '/admin/users' },
    { method: 'POST', path: () => '/admin/users', body: JSON.stringify({ email: uniqueEmail('sneaky') }) },
    { method: 'GET', path: () => `/admin/users/${userId}` },
    { method: 'PUT', path: () => `/admin/users/${userId}`, body: JSON.stringify({ app_metadata: { role: 'admin' } }) },
    { method: 'DELETE', path: () => `/admin/users/${userId}` },
    { method: 'GET', path: () => `/admin/users/${userId}/factors` },
    { method: 'DELETE', path: () => `/admin/users/${userId}/factors/${randomUUID()}` },
    {
      method: 'POST',
      path: () => '/admin/generate_link',
      body: JSON.stringify({ type: 'magiclink', email: 'x@example.org' }),
    },
    { method: 'POST', path: () => '/invite', body: JSON.stringify({ email: uniqueEmail('sneaky') }) },
  ];

  it('refuses every admin call without the service role: no token, the anon key, a user token', async () => {
    for (const call of ADMIN_CALLS) {
      const init = { method: call.method, body: call.body };
      const path = `/auth/v1${call.path()}`;
      const none = await send(target(), path, { ...init, headers: { authorization: '' } });
      expect([call.method, path, none.status, none.body]).toEqual([call.method, path, 401, expect.anything()]);
      const anon = await send(target(), path, init);
      expect([path, anon.status, anon.body]).toEqual([path, 403, expect.objectContaining({ msg: 'User not allowed' })]);
      const user = await send(target(), path, { ...init, headers: { authorization: `Bearer ${userToken}` } });
      expect([path, user.status]).toEqual([path, 403]);
      const forged = await send(target(), path, {
        ...init,
        headers: { authorization: `Bearer ${forgedServiceToken()}` },
      });
      expect([path, forged.status]).toEqual([path, 403]);
    }
    // the probe's account is untouched
    const read = await asService(`/admin/users/${userId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: userId, app_metadata: { provider: 'email' } });
    expect(read.body).not.toHaveProperty('app_metadata.role');
  });

  it('answers odd user and factor ids with 404, never 5xx', async () => {
    const odd = ['not-a-uuid', '%00', '..%2F..%2Fsettings', 'x'.repeat(300), `${randomUUID()}%20`, "' or 1=1 --"];
    for (const id of odd) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const answer = await asService(`/admin/users/${id}`, { method, body: method === 'PUT' ? '{}' : undefined });
        expect([method, id.slice(0, 40), answer.status]).toEqual([method, id.slice(0, 40), 404]);
      }
      const factor = await asService(`/admin/users/${userId}/factors/${id}`, { method: 'DELETE' });
      expect(factor.status).toBe(404);
    }
    const unknown = await asService(`/admin/users/${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { error_code: 'user_not_found', msg: 'User not found' } });
    const badId = await asService('/admin/users/not-a-uuid');
    expect(badId.body).toMatchObject({ error_code: 'validation_failed', msg: 'user_id must be an UUID' });
  });

  it('keeps paging within bounds whatever page and per_page say', async () => {
    const huge = await asService('/admin/users?per_page=1000000000');
    expect(huge.status).toBe(200);
    expect((huge.body as { users: unknown[] }).users.length).toBeLessThanOrEqual(1000);
    for (const query of [
      'per_page=-1',
      'page=-1',
      'page=0',
      'per_page=0',
      'page=1e3',
      'per_page=abc',
      'page=99999999999999999999999',
    ]) {
      const answer = await asService(`/admin/users?${query}`);
      expect([query, answer.status, answer.body]).toEqual([
        query,
        400,
        expect.objectContaining({ error_code: 'validation_failed' }),
      ]);
    }
    const farAway = await asService('/admin/users?page=18446744073709551615&per_page=1000');
    expect(farAway).toMatchObject({ status: 200, body: { users: [] } });
    const filtered = await asService(`/admin/users?filter=${encodeURIComponent("%_\\' or 1=1")}`);
    expect(filtered).toMatchObject({ status: 200, body: { users: [] } });
  });

  it('refuses odd bodies with a 4xx naming the problem', async () => {
    const put = (body: string) => asService(`/admin/users/${userId}`, { method: 'PUT', body });
    const cases: [string, string][] = [
      ['[]', ''],
      ['"text"', ''],
      ['{"email": 42}', 'email must be a string'],
      ['{"email": "not an address"}', 'Unable to validate email address: invalid format'],
      ['{"password": ["x"]}', 'password must be a string'],
      ['{"user_metadata": "x"}', 'user_metadata must be an object'],
      [JSON.stringify({ user_metadata: { blob: 'x'.repeat(20_000) } }), 'user_metadata must be at most 16 KB'],
      ['{"ban_duration": "forever"}', 'invalid format for ban duration: time: invalid duration "forever"'],
      ['{"ban_duration": "9999999999h"}', 'invalid format for ban duration: time: invalid duration "9999999999h"'],
      ['{"email_confirm": "yes"}', 'email_confirm must be a boolean'],
      ['{"role": "supabase_admin"}', 'role can only be "authenticated"'],
      ['{"phone": "+15555550123"}', 'Phone logins are disabled'],
      ['{"password_hash": "$2a$04$abc"}', 'password_hash must be a bcrypt hash'],
      ['{"email": ', 'Could not parse request body as JSON'],
    ];
    for (const [body, message] of cases) {
      const answer = await put(body);
      // a body that is no object is read as an empty one, as GoTrue ignores what it does not know
      if (message === '') {
        expect([body, answer.status]).toEqual([body, 200]);
        continue;
      }
      expect([body, answer.status]).toEqual([body, 400]);
      expect(String((answer.body as { msg: string }).msg)).toContain(message);
    }
    const deleteSoftly = await asService(`/admin/users/${userId}`, {
      method: 'DELETE',
      body: '{"should_soft_delete": "yes"}',
    });
    expect(deleteSoftly).toMatchObject({ status: 400, body: { msg: 'should_soft_delete must be a boolean' } });
    const link = (body: unknown) => asService('/admin/generate_link', { method: 'POST', body: JSON.stringify(body) });
    expect(await link({ type: 'phone_change', email: 'a@example.org' })).toMatchObject({
      status: 400,
      body: { msg: 'Invalid email action link type requested: phone_change' },
    });
    expect(await link({ type: 'email_change_new', email: 'a@example.org', new_email: 'b@example.org' })).toMatchObject({
      status: 404,
    });
    expect(await link({ type: 'magiclink', email: { $ne: null } })).toMatchObject({ status: 400 });
    expect((await link({ type: 'signup', email: uniqueEmail('weak'), password: '123' })).status).toBe(422);
    const nested = await asService('/invite', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('n'), data: deep(30) }),
    });
    expect(nested.status).toBeLessThan(500);
    // the probe still reads as before
    expect((await asService(`/admin/users/${userId}`)).status).toBe(200);
    await expectHealthy(target());
  });

  it('limits sign-in links per e-mail address, and phone numbers get the disabled-provider answer', async () => {
    const email = uniqueEmail('otp-flood');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const answer = await send(target(), '/auth/v1/otp', {
        body: JSON.stringify({ email, create_user: false }),
        headers: { 'x-forwarded-for': `203.0.113.${10 + attempt}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(mailsTo(inject('backend').dataDir, email)).toEqual([]);
    const odd: [unknown, number][] = [
      [{ phone: '+15555550123' }, 400],
      [{ email: 'a@example.org', phone: '+15555550123' }, 400],
      [{ email: 'a@example.org', channel: 'whatsapp' }, 400],
      [{}, 400],
      [{ email: 'x'.repeat(300) + '@example.org' }, 400],
      [{ email: uniqueEmail('odd'), create_user: 'no' }, 400],
      [{ email: uniqueEmail('odd'), data: 'x' }, 400],
    ];
    for (const [body, status] of odd) {
      const answer = await send(target(), '/auth/v1/otp', { body: JSON.stringify(body) });
      expect([body, answer.status]).toEqual([body, status]);
    }
    await expectHealthy(target());
  });
});

/** A token claiming the service role, signed with a key that is not the project's. */
function forgedServiceToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ role: 'service_role' })}.${Buffer.from('forged').toString('base64url')}`;
}

function deep(levels: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}
