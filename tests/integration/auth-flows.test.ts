import { describe, expect, inject, it } from 'vitest';
import { followLink, PASSWORD, signUpAndConfirm, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';
import { codeIn, linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';

/**
 * The account journeys of supabase-js's auth client against the embedded auth service, with
 * the real mails read from the backend's dev mailbox (DATA_DIR/mail).
 */
describe('auth journeys', () => {
  const { url, dataDir } = inject('backend');

  it('takes an account from sign-up to a reset password, ending the sessions that knew the old one', async () => {
    const address = visitorAddress();
    const browser = visitor(address);
    const email = uniqueEmail('journey');
    const names = { first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace' };

    const signUp = await browser.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: names, emailRedirectTo: `${url}/` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull(); // the address is confirmed first
    expect(signUp.data.user).toMatchObject({
      email,
      user_metadata: names,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.identities).toHaveLength(1);

    const early = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ message: 'Email not confirmed', code: 'email_not_confirmed', status: 400 });

    const confirmation = await waitForMail(dataDir, email, { kind: 'signup' });
    expect(confirmation.subject).toBe('Confirm your SciAI account');
    const link = new URL(linkIn(confirmation));
    expect(`${link.origin}${link.pathname}`).toBe(`${url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${url}/`);

    const confirmed = await followLink(link.href, address);
    expect(confirmed.status).toBe(303);
    expect(confirmed.target).toBe(`${url}/`);
    expect(Object.fromEntries(confirmed.fragment)).toMatchObject({
      type: 'signup',
      token_type: 'bearer',
      expires_in: '3600',
    });
    const adopted = await browser.auth.setSession({
      access_token: confirmed.fragment.get('access_token')!,
      refresh_token: confirmed.fragment.get('refresh_token')!,
    });
    expect(adopted.error).toBeNull();
    expect(adopted.data.user?.email_confirmed_at).toBeTruthy();

    // A link works once.
    const reused = await followLink(link.href, address);
    expect(reused.target).toBe(`${url}/`);
    expect(Object.fromEntries(reused.fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });

    const refreshed = await browser.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(adopted.data.session?.refresh_token);

    const updated = await browser.auth.updateUser({
      data: { institution: 'Analytical Engine Society', full_name: null },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      institution: 'Analytical Engine Society',
    });

    const laptop = visitor(address);
    expect((await laptop.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const reset = await visitor(address).auth.resetPasswordForEmail(email, {
      redirectTo: `${url}/auth/reset-password`,
    });
    expect(reset).toEqual({ data: {}, error: null });
    const recovery = await waitForMail(dataDir, email, { kind: 'recovery' });
    expect(recovery.subject).toBe('Reset your SciAI password');
    const recovered = await followLink(linkIn(recovery), address);
    expect(recovered.target).toBe(`${url}/auth/reset-password`);
    expect(recovered.fragment.get('type')).toBe('recovery');

    const resetting = visitor(address);
    await resetting.auth.setSession({
      access_token: recovered.fragment.get('access_token')!,
      refresh_token: recovered.fragment.get('refresh_token')!,
    });
    const newPassword = 'a brand new passphrase';
    expect((await resetting.auth.updateUser({ password: newPassword })).error).toBeNull();

    // Every other session ended with the old password; the one that changed it goes on.
    const oldSession = await browser.auth.getUser();
    expect(oldSession.error?.message).toBe('Auth session missing!');
    const laptopRefresh = await laptop.auth.refreshSession();
    expect(laptopRefresh.error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await resetting.auth.getUser()).data.user?.email).toBe(email);

    const withOld = await visitor(address).auth.signInWithPassword({ email, password: PASSWORD });
    expect(withOld.error?.message).toBe('Invalid login credentials');
    const withNew = await visitor(address).auth.signInWithPassword({ email, password: newPassword });
    expect(withNew.error).toBeNull();
    expect(withNew.data.user?.user_metadata.institution).toBe('Analytical Engine Society');
  });

  it('confirms with the six-digit code of the mail, and a resent mail replaces the first link', async () => {
    const address = visitorAddress();
    const browser = visitor(address);
    const email = uniqueEmail('code');
    expect((await browser.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const first = await waitForMail(dataDir, email, { kind: 'signup' });

    expect((await browser.auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await waitForMail(dataDir, email, { kind: 'signup', count: 2 });
    expect(linkIn(second)).not.toBe(linkIn(first));
    expect((await followLink(linkIn(first), address)).fragment.get('error_code')).toBe('otp_expired');

    const wrong = await browser.auth.verifyOtp({
      email,
      token: codeIn(second) === '000000' ? '111111' : '000000',
      type: 'signup',
    });
    expect(wrong.error).toMatchObject({ code: 'otp_expired', message: 'Token has expired or is invalid', status: 403 });
    const verified = await browser.auth.verifyOtp({ email, token: codeIn(second), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy();
    expect((await browser.auth.getUser()).data.user?.email).toBe(email);

    // Confirmed: nothing more to resend, and the answer does not say so.
    expect((await browser.auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(mailsTo(dataDir, email)).toHaveLength(2);
  });

  it('changes the address only when the new one is confirmed (verifyOtp with the token of the link)', async () => {
    const address = visitorAddress();
    const browser = visitor(address);
    const email = uniqueEmail('before');
    await signUpAndConfirm(browser, email);
    const newEmail = uniqueEmail('after');

    const asked = await browser.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${url}/settings` });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: newEmail });
    const mail = await waitForMail(dataDir, newEmail, { kind: 'email_change' });
    expect(mail.subject).toBe('Confirm your new e-mail address for SciAI');
    const link = new URL(linkIn(mail));
    expect(link.searchParams.get('redirect_to')).toBe(`${url}/settings`);
    expect(
      (await visitor(address).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error?.message,
    ).toBe('Invalid login credentials');

    const changed = await browser.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'email_change' });
    expect(changed.error).toBeNull();
    expect(changed.data.user).toMatchObject({ email: newEmail });
    expect(changed.data.user?.new_email).toBeUndefined();
    expect((await visitor(address).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it('answers a reset for an unknown address as for a known one, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const reset = await visitor().auth.resetPasswordForEmail(email);
    expect(reset).toEqual({ data: {}, error: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(dataDir, email)).toEqual([]);
  });
});
