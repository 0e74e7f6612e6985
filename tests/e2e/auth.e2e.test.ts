import { describe, expect, inject, it } from 'vitest';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { generate } from 'otplib';
import { createClient } from '@supabase/supabase-js';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor } from '../support/auth.ts';
import { addressesIn, fillSignIn, fillSignUp } from './session.ts';

const browser = useBrowser();

/**
 * The auth service limits sign-ins per client address (5 a minute): each test's browser sends its
 * own address, so the tests do not share a budget.
 */
const { fromAddress } = addressesIn('198.51.100');

describe('sign up, confirm, sign out, sign in', () => {
  it('confirms by the mailed link, guards /profile and returns to it after signing in', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(11));
    const email = uniqueEmail('e2e');
    try {
      await page.goto('/auth/signup');
      await fillSignUp(page, { first: 'Ada', last: 'Lovelace', email, password: PASSWORD, confirm: PASSWORD });
      await page.getByText('Check your email for a confirmation link to complete your registration.').waitFor();

      const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
      await page.goto(linkIn(mail));
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '');
      await page.getByText('E-mail confirmed — you are signed in').waitFor();

      const account = page.getByRole('button', { name: 'Account menu for Ada Lovelace' });
      await account.waitFor();
      expect(await account.textContent()).toBe('AL');
      await account.click();
      const menu = page.getByRole('menu');
      await menu.getByText(email).waitFor();
      for (const entry of ['Profile', 'My Library', 'Settings', 'Sign Out']) {
        await menu.getByRole('menuitem', { name: entry }).waitFor();
      }
      expect(await menu.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      await page.goto('/profile');
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      expect(new URL(page.url()).search).toBe('?redirect=%2Fprofile');

      await fillSignIn(page, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).waitFor();
      await page.getByText('Unverified', { exact: true }).waitFor();

      // The profile saves, and the header follows the new display name.
      await page.getByRole('textbox', { name: 'Display name', exact: true }).fill('Countess Ada');
      await page.getByRole('textbox', { name: 'Institution', exact: true }).fill('Analytical Engine Society');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Profile updated successfully').waitFor();
      await page.getByRole('button', { name: 'Account menu for Countess Ada' }).waitFor();
      await page.reload();
      await page.getByText('Analytical Engine Society').first().waitFor();

      // Signed in, the sign-up page sends the user home, and sign-in on to its redirect.
      await page.goto('/auth/signup');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/auth/signin?redirect=%2Fprofile');
      await page.waitForURL((url) => url.pathname === '/profile');

      // The phone menu carries the same account entries.
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByText(email).waitFor();
      await drawer.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Library' }).waitFor();
      await drawer.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signs up from a guard, and the confirmation link signs in, says so and returns there', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(16));
    const email = uniqueEmail('e2e-guard');
    try {
      await page.goto('/library');
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      // The sign-in form's own link (the header's 'Sign Up' is a plain way in).
      await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/auth/signup');
      expect(new URL(page.url()).search).toBe('?redirect=%2Flibrary');
      // And back: the way to sign in from here keeps it too.
      expect(
        await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href'),
      ).toBe('/auth/signin?redirect=%2Flibrary');

      await fillSignUp(page, { first: 'Mary', last: 'Somerville', email, password: PASSWORD, confirm: PASSWORD });
      await page.getByText('Check your email for a confirmation link to complete your registration.').waitFor();
      const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
      await page.goto(linkIn(mail));
      await page.waitForURL((url) => url.pathname === '/library' && url.hash === '');
      await page.getByText('E-mail confirmed — you are signed in').waitFor();
      await page.getByRole('button', { name: 'Account menu for Mary Somerville' }).waitFor();

      // Said once, for the landing: not again on the next page load.
      await page.reload();
      await page.getByRole('button', { name: 'Account menu for Mary Somerville' }).waitFor();
      expect(await page.getByText('E-mail confirmed — you are signed in').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the provider’s message for a wrong password and ignores an off-site redirect', async () => {
    const { page, close } = await openPage(browser(), fromAddress(12));
    try {
      await page.goto('/auth/signin?redirect=%2F%2Fevil.example');
      await fillSignIn(page, 'nobody-here@example.com', 'wrong password 1');
      const alert = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
      await alert.waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/signin');
    } finally {
      await close();
    }
  });

  it('asks an unconfirmed account to confirm and offers to resend the mail', async () => {
    const { page, close } = await openPage(browser(), fromAddress(13));
    const email = uniqueEmail('e2e');
    try {
      await page.goto('/auth/signup');
      await fillSignUp(page, { first: 'Grace', last: '', email, password: PASSWORD, confirm: PASSWORD });
      await page.getByText('Check your email for a confirmation link to complete your registration.').waitFor();
      await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });

      await page.goto('/auth/signin');
      await fillSignIn(page, email, PASSWORD);
      await page.getByRole('alert').filter({ hasText: 'Email not confirmed' }).waitFor();
      await page.getByRole('button', { name: 'Resend confirmation' }).click();
      await waitForMail(inject('backend').dataDir, email, { kind: 'signup', count: 2 });
    } finally {
      await close();
    }
  });
});

describe('sign-up checks', () => {
  it('says when the passwords differ or are too short, on a phone', async () => {
    const { page, close } = await openPage(browser(), { ...fromAddress(14), viewport: MOBILE });
    try {
      await page.goto('/auth/signup');
      const values = {
        first: 'Alan',
        last: 'Turing',
        email: uniqueEmail('e2e'),
        password: PASSWORD,
        confirm: `${PASSWORD}!`,
      };
      await fillSignUp(page, values);
      await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
      await fillSignUp(page, { ...values, password: 'short', confirm: 'short' });
      await page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long' }).waitFor();
    } finally {
      await close();
    }
  });
});

describe('password reset', () => {
  it('sends the same answer for any address, and the mailed link sets a new password', async () => {
    const { page, close } = await openPage(browser(), fromAddress(15));
    const email = uniqueEmail('e2e');
    try {
      await page.goto('/auth/signup');
      await fillSignUp(page, { first: 'Rosalind', last: 'Franklin', email, password: PASSWORD, confirm: PASSWORD });
      await page.getByText('Check your email for a confirmation link').waitFor();
      await page.goto(linkIn(await waitForMail(inject('backend').dataDir, email, { kind: 'signup' })));
      await page.getByRole('button', { name: 'Account menu for Rosalind Franklin' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/auth/forgot-password');

      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nobody-at-all@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const answer = await page.getByRole('status').filter({ hasText: 'reset your password' }).textContent();

      await page.goto('/auth/forgot-password');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      expect(await page.getByRole('status').filter({ hasText: 'reset your password' }).textContent()).toBe(answer);

      const recovery = await waitForMail(inject('backend').dataDir, email, { kind: 'recovery' });
      await page.goto(linkIn(recovery));
      await page.waitForURL((url) => url.pathname === '/auth/reset-password');
      const newPassword = 'a brand new passphrase';
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.getByRole('button', { name: 'Account menu for Rosalind Franklin' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL('**/auth/signin');
      await fillSignIn(page, email, newPassword);
      await page.getByRole('button', { name: 'Account menu for Rosalind Franklin' }).waitFor();
    } finally {
      await close();
    }
  });
});

describe('two-factor sign-in', () => {
  it('asks for the authenticator code after the password, then goes on to the redirect', async () => {
    const email = uniqueEmail('e2e');
    // The account and its authenticator are set up through the API, as the settings page will.
    const phone = visitor('198.51.100.16');
    await signUpAndConfirm(phone, email, { password: PASSWORD, data: { first_name: 'Emmy', last_name: 'Noether' } });
    const enrolled = await phone.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'SciAI' });
    if (enrolled.error) throw enrolled.error;
    const { id: factorId, totp } = enrolled.data;
    const verified = await phone.auth.mfa.challengeAndVerify({
      factorId,
      code: await generate({ secret: totp.secret }),
    });
    expect(verified.error).toBeNull();

    const { page, close } = await openPage(browser(), fromAddress(17));
    try {
      await page.goto('/auth/signin?redirect=%2Fprofile');
      await fillSignIn(page, email, PASSWORD);
      const code = page.getByRole('textbox', { name: 'Two-factor code', exact: true });
      await code.waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/signin');
      // Still owed: the header does not count the user as signed in yet.
      expect(await page.getByRole('button', { name: /account menu for/i }).count()).toBe(0);

      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid TOTP code entered' }).waitFor();

      // A code is taken once per time step: the next step's code (within the allowed skew).
      await code.fill(await generate({ secret: totp.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('button', { name: 'Account menu for Emmy Noether' }).waitFor();
    } finally {
      await close();
    }
  });

  it('signs in by a mailed link, and still asks for the authenticator code', async () => {
    const email = uniqueEmail('e2e');
    const phone = visitor('198.51.100.18');
    await signUpAndConfirm(phone, email, { password: PASSWORD, data: { first_name: 'Lise', last_name: 'Meitner' } });
    const enrolled = await phone.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'SciAI' });
    if (enrolled.error) throw enrolled.error;
    const { id: factorId, totp } = enrolled.data;
    const verified = await phone.auth.mfa.challengeAndVerify({
      factorId,
      code: await generate({ secret: totp.secret }),
    });
    expect(verified.error).toBeNull();

    const { page, close } = await openPage(browser(), fromAddress(18));
    try {
      await page.goto('/auth/signin?redirect=%2Flibrary');
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByText('Email is required').waitFor();
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByText('If this address has an account, we sent it a link and a code to sign in.').waitFor();

      await page.goto(linkIn(await waitForMail(inject('backend').dataDir, email, { kind: 'magiclink' })));
      const field = page.getByRole('textbox', { name: 'Two-factor code', exact: true });
      await field.waitFor();
      // the next time step's code: the one enrolment used is taken
      await field.fill(await generate({ secret: totp.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/library');
      await page.getByRole('button', { name: 'Account menu for Lise Meitner' }).waitFor();
    } finally {
      await close();
    }
  });
});

describe('invitations', () => {
  it('welcomes an invited person, who chooses a password and is signed in', async () => {
    const email = uniqueEmail('e2e');
    const backend = inject('backend');
    const admin = createClient(backend.url, backend.serviceRoleKey, { auth: { persistSession: false } }).auth.admin;
    const invited = await admin.inviteUserByEmail(email, { data: { first_name: 'Dorothy', last_name: 'Hodgkin' } });
    expect(invited.error).toBeNull();

    const { page, close } = await openPage(browser(), fromAddress(19));
    try {
      await page.goto(linkIn(await waitForMail(backend.dataDir, email, { kind: 'invite' })));
      await page.waitForURL((url) => url.pathname === '/auth/reset-password');
      await page.getByRole('heading', { name: 'Welcome to SciAI' }).waitFor();
      await page.getByText('Choose a password for your account.').waitFor();
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Your password is set.').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Account menu for Dorothy Hodgkin' }).waitFor();
    } finally {
      await close();
    }
  });
});
