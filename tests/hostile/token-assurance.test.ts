import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signedInAs, visitor, visitorAddress, type SignedInUser } from '../support/auth.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import { expectHealthy } from './hostile-requests.ts';

/**
 * A personal API token is only as good as the proof behind it: an account with a second factor
 * makes one only at aal2, no token lives longer than a year, its owner hears of every new one, and
 * a new password or signing out the other devices (or every device) revokes them all.
 */
const backend = inject('backend');

async function createToken(client: SupabaseClient, args: Record<string, unknown>) {
  const { data, error, status } = await client.rpc('create_api_token', args);
  return { data: data as { token: string; id: string; expires_at: string | null } | null, error, status };
}

async function newToken(user: SignedInUser, name: string) {
  const { data, error } = await createToken(user.client, { token_name: name, expires_in_days: 30 });
  if (error || !data) throw new Error(error?.message ?? 'no token');
  return data.token;
}

async function statusWith(token: string): Promise<number> {
  const response = await fetch(`${backend.url}/rest/v1/scientific_domains?select=slug&limit=1`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': visitorAddress() },
    signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  return response.status;
}

describe('API tokens and the proof behind them', () => {
  it('refuses an account with a second factor at aal1, and takes it at aal2', async () => {
    const admin = await signedInAs('admin', 'token-aal');
    // The same account signed in again with its password only: a session at aal1.
    const passwordOnly = visitor();
    const signIn = await passwordOnly.auth.signInWithPassword({ email: admin.email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const refused = await createToken(passwordOnly, { token_name: 'aal1 token', expires_in_days: 7 });
    expect(refused.data).toBeNull();
    expect(refused.error?.message).toBe(
      'Your account uses two-factor authentication: verify your second factor to create an API token',
    );
    const rows = await admin.client.from('api_tokens').select('id');
    expect(rows.data).toEqual([]);

    const allowed = await createToken(admin.client, { token_name: 'aal2 token', expires_in_days: 7 });
    expect(allowed.error).toBeNull();
    expect(allowed.data?.token).toMatch(/^sciai_[0-9a-f]{64}$/);
  });

  it('caps expiry at one year: never is refused, 365 days is the longest', async () => {
    const user = await signedInAs('user', 'token-expiry');
    const refusedExpiries: unknown[] = [
      null,
      366,
      0,
      -1,
      3650,
      2 ** 31,
      1e300,
      '365 days',
      'never',
      [365],
      { days: 1 },
    ];
    for (const expiry of refusedExpiries) {
      const answer = await createToken(user.client, { token_name: 'Forever', expires_in_days: expiry });
      expect(answer.data, JSON.stringify(expiry)).toBeNull();
      expect(answer.error?.message, JSON.stringify(expiry)).toBeTruthy();
      expect(answer.status, JSON.stringify(expiry)).toBeLessThan(500);
    }
    // Too long, control characters, nothing at all (an object or a number would be read as its text).
    const refusedNames: unknown[] = ['x'.repeat(20_000), 'tab\there', '\u0000', ' \n ', null];
    for (const name of refusedNames) {
      const answer = await createToken(user.client, { token_name: name, expires_in_days: 30 });
      expect(answer.data, JSON.stringify(name).slice(0, 40)).toBeNull();
      expect(answer.status, JSON.stringify(name).slice(0, 40)).toBeLessThan(500);
    }
    const never = await createToken(user.client, { token_name: 'Forever', expires_in_days: null });
    expect(never.error?.message).toBe('Expiry must be 7, 30, 90 or 365 days');

    const year = await createToken(user.client, { token_name: 'A year', expires_in_days: 365 });
    expect(year.error).toBeNull();
    const days = (Date.parse(year.data?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    const byDefault = await createToken(user.client, { token_name: 'Default' });
    expect(byDefault.data?.expires_at).not.toBeNull();
    const listed = await user.client.from('api_tokens').select('expires_at');
    expect(listed.data?.every((row) => row.expires_at !== null)).toBe(true);
    await expectHealthy(backend);
  });

  it('e-mails the owner about each new token, never the token itself', async () => {
    const user = await signedInAs('user', 'token-mail');
    const { data } = await createToken(user.client, { token_name: 'Lab <b>notebook</b>', expires_in_days: 90 });
    if (!data) throw new Error('no token');
    const mail = await waitForMail(backend.dataDir, user.email, { kind: 'api_token_created', timeoutMs: 15_000 });
    expect(mail.subject).toBe('A new API token was created for your SciAI account');
    expect(mail.text).toContain('Lab <b>notebook</b>');
    expect(mail.text).toContain(data.token.slice(0, 10));
    expect(mail.text).toContain('Settings → Security');
    expect(mail.html).not.toContain('<b>notebook</b>');
    expect(mail.text).not.toContain(data.token);
    expect(mail.html).not.toContain(data.token);
    expect(mailsTo(backend.dataDir, user.email).filter((one) => one.kind === 'api_token_created')).toHaveLength(1);
  });

  it('revokes every token with a new password', async () => {
    const user = await signedInAs('user', 'token-password');
    const token = await newToken(user, 'Before the new password');
    expect(await statusWith(token)).toBe(200);
    const { error } = await user.client.auth.updateUser({ password: `${PASSWORD} again` });
    expect(error).toBeNull();
    expect(await statusWith(token)).toBe(401);
    expect((await user.client.from('api_tokens').select('id')).data).toEqual([]);
  });

  it('revokes every token when the user signs out everywhere, or everywhere else', async () => {
    const everywhere = await signedInAs('user', 'token-global');
    const first = await newToken(everywhere, 'Global');
    expect((await everywhere.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await statusWith(first)).toBe(401);

    const elsewhere = await signedInAs('user', 'token-others');
    const second = await newToken(elsewhere, 'Others');
    expect((await elsewhere.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await statusWith(second)).toBe(401);
    expect((await elsewhere.client.from('api_tokens').select('id')).data).toEqual([]);

    // Signing out this device alone leaves the tokens: they belong to no device.
    const here = await signedInAs('user', 'token-local');
    const third = await newToken(here, 'Local');
    expect((await here.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await statusWith(third)).toBe(200);
  });
});
