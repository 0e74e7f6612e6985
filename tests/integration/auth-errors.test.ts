import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, visitorAddress, withDatabase } from '../support/auth.ts';
import { serviceClient } from '../support/clients.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';

/** What supabase-js shows for the provider's refusals (docs/product.md#sign-in: the provider's message). */
describe('auth refusals, as supabase-js surfaces them', () => {
  const { url, anonKey, dataDir } = inject('backend');

  it('refuses a wrong password and an unknown address alike, and logs each failure', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('wrong');
    await signUpAndConfirm(visitor(address), email);

    const wrong = await visitor(address).auth.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error).toMatchObject({
      name: 'AuthApiError',
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });
    expect(wrong.data).toEqual({ user: null, session: null });
    const unknown = await visitor(address).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    expect(unknown.error).toMatchObject({
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });

    const { data: failures, error } = await serviceClient()
      .from('user_activity')
      .select('user_id, actor, activity_data, ip_address')
      .eq('activity_type', 'sign_in_failure')
      .eq('activity_data->>email', email);
    expect(error).toBeNull();
    expect(failures).toHaveLength(1);
    expect(failures![0]).toMatchObject({ user_id: null, actor: 'anonymous', ip_address: address });
    expect(failures![0]!.activity_data).toMatchObject({ email, message: 'Invalid login credentials' });
    expect(Date.parse(failures![0]!.activity_data.timestamp)).toBeGreaterThan(Date.now() - 60_000);

    expect((await visitor(address).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const { data: successes } = await serviceClient()
      .from('user_activity')
      .select('activity_type, actor')
      .eq('activity_data->>email', email)
      .in('activity_type', ['sign_up', 'sign_in']);
    expect(successes?.map((row) => row.activity_type).sort()).toEqual(['sign_in', 'sign_up']);
    expect(successes?.every((row) => row.actor === 'user')).toBe(true);
  });

  it('refuses an unconfirmed address, a short password and a taken address with the provider’s messages', async () => {
    const address = visitorAddress();
    const browser = visitor(address);
    const email = uniqueEmail('rules');
    expect((await browser.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const unconfirmed = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error).toMatchObject({
      message: 'Email not confirmed',
      code: 'email_not_confirmed',
      status: 400,
    });

    const short = await browser.auth.signUp({ email: uniqueEmail('short'), password: 'seven77' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error).toMatchObject({
      message: 'Password should be at least 8 characters.',
      code: 'weak_password',
      status: 422,
    });
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length']);

    const invalid = await browser.auth.signUp({ email: 'not-an-address', password: PASSWORD });
    expect(invalid.error).toMatchObject({
      message: 'Unable to validate email address: invalid format',
      code: 'validation_failed',
    });

    // A confirmed address signing up again, while e-mail verification is on: an answer exactly like
    // a new sign-up's, so the form does not reveal who has an account, and a notice to the owner
    // instead of a confirmation (docs/security.md#account-enumeration).
    const taken = uniqueEmail('taken');
    await signUpAndConfirm(visitor(address), taken);
    const again = await browser.auth.signUp({ email: taken, password: 'some other password' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toHaveLength(1);
    expect(mailsTo(dataDir, taken).map((mail) => mail.kind)).toEqual(['signup', 'account_exists']);
    // (With verification off the answer is 422 "User already registered": auth-mail.test.ts.)
  });

  it('allows five sign-in attempts a minute per address; the sixth gets 429', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('limit');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { error } = await visitor(address).auth.signInWithPassword({ email, password: `attempt ${attempt}` });
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    }
    const sixth = await visitor(address).auth.signInWithPassword({ email, password: PASSWORD });
    expect(sixth.error).toMatchObject({
      name: 'AuthApiError',
      code: 'over_request_rate_limit',
      status: 429,
      message: expect.stringMatching(/^Request rate limit reached\. Please try again in (\d+ seconds|1 minute)\.$/),
    });
    // The address is stopped for other accounts too; the account itself is not locked for other
    // addresses (strangers could lock it out): tests/hostile/account-lockout.test.ts.
    const elsewhere = await visitor().auth.signInWithPassword({ email, password: PASSWORD });
    expect(elsewhere.error).toMatchObject({ code: 'invalid_credentials' });
    const otherAccount = await visitor(address).auth.signInWithPassword({
      email: uniqueEmail('other'),
      password: PASSWORD,
    });
    expect(otherAccount.error).toMatchObject({ code: 'over_request_rate_limit' });
    // A third party is not affected.
    const bystander = await visitor().auth.signInWithPassword({ email: uniqueEmail('bystander'), password: PASSWORD });
    expect(bystander.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a banned user: no sign-in, no refresh, no use of a token already held', async () => {
    const address = visitorAddress();
    const browser = visitor(address);
    const email = uniqueEmail('banned');
    const session = await signUpAndConfirm(browser, email);
    await withDatabase((db) =>
      db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [session.user.id]),
    );

    const signIn = await visitor(address).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ message: 'User is banned', code: 'user_banned', status: 400 });
    const refresh = await browser.auth.refreshSession();
    expect(refresh.error).toMatchObject({ message: 'Invalid Refresh Token: User Banned', code: 'user_banned' });
    const held = await visitor(address).auth.getUser(session.access_token);
    expect(held.error).toMatchObject({ message: 'User is banned', code: 'user_banned', status: 403 });

    await withDatabase((db) =>
      db.query(`update auth.users set banned_until = now() - interval '1 second' where id = $1`, [session.user.id]),
    );
    expect((await visitor(address).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('wants the API key everywhere but on the mail link, the OAuth redirects, the JWKS and the health check', async () => {
    const signUp = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('nokey'), password: PASSWORD }),
    });
    expect(signUp.status).toBe(401);
    expect(await signUp.json()).toMatchObject({ message: 'No API key found in request' });

    const jwks = await fetch(`${url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual({ keys: [] });
    expect((await fetch(`${url}/auth/v1/health`)).status).toBe(200);
    const link = await fetch(`${url}/auth/v1/verify?token=nope&type=signup`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': visitorAddress() },
    });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe(
      `${url}/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );

    // Opened by the browser without a key; here no provider is configured (docs/product.md#auth-disabled-features).
    const authorize = await fetch(`${url}/auth/v1/authorize?provider=github`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': visitorAddress() },
    });
    expect(authorize.status).toBe(400);
    expect(await authorize.json()).toMatchObject({ msg: 'Unsupported provider: provider is not enabled' });
    const callback = await fetch(`${url}/auth/v1/callback?state=x&code=y`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': visitorAddress() },
    });
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!).searchParams.get('error_code')).toBe('bad_oauth_state');

    const settings = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } });
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false, github: false, orcid: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it('answers errors in both of GoTrue’s formats, by the API version the client asks for', async () => {
    const request = (headers: Record<string, string>) =>
      fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': visitorAddress(),
          ...headers,
        },
        body: JSON.stringify({ email: uniqueEmail('format'), password: PASSWORD }),
      });
    const current = await request({ 'x-supabase-api-version': '2024-01-01' });
    expect(current.status).toBe(400);
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await current.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    const legacy = await request({});
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const badJson = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: '{"email": ',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ code: 400, error_code: 'bad_json' });
  });

  it('keeps its mails in the dev mailbox: subject, text with the link and code, and the raw .eml', async () => {
    const email = uniqueEmail('mailbox');
    expect((await visitor().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const mail = await waitForMail(dataDir, email, { kind: 'signup' });
    expect(mail.from).toBe('SciAI <no-reply@sciai.local>');
    expect(mail.text).toMatch(/Or enter this code: \d{6}/);
    expect(mail.html).toContain(mail.links[0]!.replace(/&/g, '&#38;'));
    // the page that takes the code, with the address filled in
    const codePage = new URL(mail.links[1]!);
    expect(codePage.pathname).toBe('/auth/confirm');
    expect(codePage.searchParams.get('email')).toBe(email);
    expect(mail.text).toContain(`on ${codePage.href}`);
    expect(mail.html).toContain(`href="${codePage.href.replace(/&/g, '&#38;')}"`);
  });
});
