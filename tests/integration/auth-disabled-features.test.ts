import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signedInAs, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';
import { serviceClient } from '../support/clients.ts';

/** A raw call, for what supabase-js has no method for (or checks before sending). */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      'x-forwarded-for': visitorAddress(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const INVALID_FORMAT = {
  status: 400,
  code: 'validation_failed',
  message: 'Unable to validate email address: invalid format',
};

/** The auth service checks addresses and refuses switched-off features as GoTrue does (docs/product.md#auth-disabled-features). */
describe('auth: e-mail format and switched-off features, as GoTrue answers them', () => {
  it('refuses an address GoTrue would refuse, on every endpoint that takes one', async () => {
    const bad = 'xx:;x@x.x';
    const browser = visitor();
    expect((await browser.auth.signUp({ email: bad, password: PASSWORD })).error).toMatchObject(INVALID_FORMAT);
    expect((await browser.auth.resetPasswordForEmail(bad)).error).toMatchObject(INVALID_FORMAT);
    expect((await browser.auth.resend({ type: 'signup', email: bad })).error).toMatchObject(INVALID_FORMAT);
    expect((await browser.auth.verifyOtp({ type: 'email', email: bad, token: '123456' })).error).toMatchObject(
      INVALID_FORMAT,
    );
    const created = await serviceClient().auth.admin.createUser({ email: bad, password: PASSWORD });
    expect(created.error).toMatchObject(INVALID_FORMAT);
    const { client } = await signedInAs('user', 'bad-address');
    expect((await client.auth.updateUser({ email: bad })).error).toMatchObject(INVALID_FORMAT);

    // GoTrue's own checks, not a looser or stricter one: a dotless domain passes, spaces and
    // non-ASCII letters do not, and 256 bytes is too long.
    expect((await post('signup', { email: ' a@example.org', password: PASSWORD })).body).toMatchObject({
      code: 'validation_failed',
      message: INVALID_FORMAT.message,
    });
    expect((await post('signup', { email: 'ü@example.org', password: PASSWORD })).status).toBe(400);
    const long = `${'a'.repeat(244)}@example.org`;
    expect((await post('signup', { email: long, password: PASSWORD })).body).toMatchObject({
      code: 'validation_failed',
      message: 'An email address is too long',
    });
    const dotless = await post('resend', { type: 'signup', email: 'someone@localhost' });
    expect(dotless).toEqual({ status: 200, body: {} });
  });

  it('answers switched-off sign-in methods with GoTrue’s codes', async () => {
    const browser = visitor();
    expect((await browser.auth.signInAnonymously()).error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    expect((await browser.auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' })).error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    expect((await browser.auth.signInWithSSO({ domain: 'example.org' })).error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
    expect(await post('token?grant_type=web3', { chain: 'ethereum', message: 'm', signature: 's' })).toEqual({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
    expect((await browser.auth.verifyOtp({ type: 'sms', phone: '+15555550100', token: '123456' })).error).toMatchObject(
      { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' },
    );
    expect((await post('verify', { type: 'phone_change', token_hash: 'abc' })).body).toEqual({
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('refuses linking a provider that is not configured, once the user is known', async () => {
    const { client } = await signedInAs('user', 'linker');
    const linked = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(linked.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const backend = inject('backend');
    const anonymous = await fetch(`${backend.url}/auth/v1/user/identities/authorize?provider=github`, {
      headers: { apikey: backend.anonKey, 'x-forwarded-for': visitorAddress() },
    });
    expect(anonymous.status).toBe(401);
  });

  it('lists on /resend only the types it refuses as missing, and answers the others as GoTrue', async () => {
    const email = uniqueEmail('resend');
    expect(await post('resend', { type: 'magiclink', email })).toEqual({
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Missing one of these types: signup, email_change, sms, phone_change',
      },
    });
    expect((await post('resend', { type: 'sms', email })).body).toMatchObject({
      message: 'Type provided requires a phone number',
    });
    expect(await post('resend', { type: 'sms', phone: '+15555550100' })).toEqual({
      status: 400,
      body: { code: 'phone_provider_disabled', message: 'Phone logins are disabled' },
    });
    expect((await post('resend', { type: 'email_change' })).body).toMatchObject({
      message: 'Missing email address or phone number',
    });
    expect((await post('resend', { type: 'signup', email, phone: '+15555550100' })).body).toMatchObject({
      message: 'Only an email address or phone number should be provided.',
    });
    expect(await post('resend', { type: 'phone_change', email })).toEqual({ status: 200, body: {} });
  });
});
