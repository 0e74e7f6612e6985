import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';

/** Sessions: access tokens PostgREST accepts, refresh-token rotation, sign-out scopes. */
describe('auth sessions', () => {
  const { url, anonKey } = inject('backend');

  it('issues GoTrue’s access token, which row-level security reads as the user', async () => {
    const address = visitorAddress();
    const ada = visitor(address);
    const grace = visitor(address);
    const adaSession = await signUpAndConfirm(ada, uniqueEmail('ada'), {
      data: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    const graceSession = await signUpAndConfirm(grace, uniqueEmail('grace'), { data: { first_name: 'Grace' } });

    const claims = decodeJwt(adaSession.access_token);
    expect(claims).toMatchObject({
      sub: adaSession.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: adaSession.user.email,
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    // The trigger of the migrations made a profile and the default role; each sees only their own.
    const own = await ada
      .from('user_profiles')
      .select('id, first_name, last_name')
      .eq('id', adaSession.user.id)
      .single();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({ id: adaSession.user.id, first_name: 'Ada', last_name: 'Lovelace' });
    const others = await ada.from('user_profiles').select('id').eq('id', graceSession.user.id);
    expect(others.error).toBeNull();
    expect(others.data).toEqual([]);
    const roles = await ada.rpc('get_user_roles', { _user_id: adaSession.user.id });
    expect(roles.data).toEqual(['user']);
    const visitorView = await visitor(address).from('user_profiles').select('id');
    expect(visitorView.error?.code).toBe('42501');
  });

  it('rotates refresh tokens; presenting a used one revokes the whole session', async () => {
    const address = visitorAddress();
    const browser = visitor(address);
    const email = uniqueEmail('rotation');
    await signUpAndConfirm(browser, email);
    const signedIn = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    const first = signedIn.data.session!;
    expect(decodeJwt(first.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const second = (await browser.auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    const third = (await browser.auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    expect((await visitor(address).auth.getUser(third.access_token)).data.user?.email).toBe(email);

    // Someone replays the first token: two parties hold the session, so it ends for both.
    const thief = await visitor(address).auth.refreshSession({ refresh_token: first.refresh_token });
    expect(thief.error).toMatchObject({
      message: 'Invalid Refresh Token: Already Used',
      code: 'refresh_token_already_used',
      status: 400,
    });
    const owner = await visitor(address).auth.refreshSession({ refresh_token: third.refresh_token });
    expect(owner.error).toMatchObject({ message: 'Invalid Refresh Token: Session Expired', code: 'session_expired' });
    const held = await visitor(address).auth.getUser(third.access_token);
    expect(held.error?.message).toBe('Auth session missing!');

    // Other sessions of the account are not affected.
    expect((await visitor(address).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const unknown = await visitor(address).auth.refreshSession({ refresh_token: 'never-issued' });
    expect(unknown.error).toMatchObject({
      message: 'Invalid Refresh Token: Refresh Token Not Found',
      code: 'refresh_token_not_found',
    });
  });

  it('signs out this session, the others, or all of them', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('logout');
    const phone = visitor(address);
    await signUpAndConfirm(phone, email);
    const laptop = visitor(address);
    const tablet = visitor(address);
    for (const device of [laptop, tablet])
      expect((await device.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const signedIn = async (device: typeof phone) => (await device.auth.getUser()).error === null;

    expect((await tablet.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(laptop)).toBe(true);
    const tabletToken = await fetch(`${url}/auth/v1/user`, { headers: { apikey: anonKey } });
    expect(tabletToken.status).toBe(401);

    const laptopSession = (await laptop.auth.getSession()).data.session!;
    expect((await phone.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await signedIn(phone)).toBe(true);
    expect((await visitor(address).auth.getUser(laptopSession.access_token)).error?.message).toBe(
      'Auth session missing!',
    );

    const phoneSession = (await phone.auth.getSession()).data.session!;
    expect((await phone.auth.signOut()).error).toBeNull();
    expect((await visitor(address).auth.getUser(phoneSession.access_token)).error?.message).toBe(
      'Auth session missing!',
    );
    expect(
      (await visitor(address).auth.refreshSession({ refresh_token: phoneSession.refresh_token })).error,
    ).toMatchObject({
      code: 'refresh_token_not_found',
    });
  });
});
