import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { useBrowser, openPage } from './browser.ts';
import { waitForMail } from '../support/mailbox.ts';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { addressesIn, createAccount, fillSignIn, signInTo } from './session.ts';

const browser = useBrowser();

/** Each browser sends its own address: the auth service limits sign-ins per address. */
const { address, fromAddress } = addressesIn('198.51.100');
const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

describe('settings: two-factor authentication', () => {
  it('enrols an authenticator app, shows backup codes once, then sign-in asks for a code', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(61));
    try {
      // The account through the API: signing up in the browser is auth.e2e.test.ts's to test.
      const { email } = await createAccount('settings', address(61), { first: 'Hedy', last: 'Lamarr' });
      await signInTo(page, email, '/settings?tab=security');
      await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
      await page.getByRole('button', { name: 'Account menu for Hedy Lamarr' }).waitFor();
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      // The image must decode: a broken data URI still has a src but shows nothing.
      // (An expression as a string: the tests are type-checked without the DOM library.)
      const decodedWidth = `(() => { const image = document.querySelector('img[alt="QR code for your authenticator app"]'); return image && image.complete ? image.naturalWidth : -1; })()`;
      await expect.poll(async () => Number(await page.evaluate(decodedWidth))).toBeGreaterThanOrEqual(0);
      expect(Number(await page.evaluate(decodedWidth))).toBeGreaterThan(0);
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

      const codeInput = page.getByRole('textbox', { name: '2. Enter the 6-digit code from the app' });
      await codeInput.fill('000000');
      await page.getByRole('button', { name: 'Verify and enable' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid TOTP code entered' }).waitFor();
      await codeInput.fill(await generate({ secret }));
      await page.getByRole('button', { name: 'Verify and enable' }).click();

      const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      const backupCodes = await codes.allTextContents();
      expect(new Set(backupCodes).size).toBe(10);
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await page.getByText('Enabled', { exact: true }).waitFor();
      // Shown once: the codes are gone from the page.
      expect(await page.getByRole('list', { name: 'Backup codes' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Account menu for Hedy Lamarr' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();

      await signInTo(page, email);
      const twoFactor = page.getByRole('textbox', { name: 'Two-factor code', exact: true });
      await twoFactor.waitFor();
      // The enrolment used this time step's code; a code is accepted once per step.
      await twoFactor.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('button', { name: 'Account menu for Hedy Lamarr' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      // This browser's session is listed as this device, at aal2 now.
      await page.goto('/settings?tab=security');
      const sessions = page.getByRole('list', { name: 'Active sessions' });
      await sessions.getByText('This device').waitFor();
      await page.getByText('Enabled', { exact: true }).waitFor();
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('offers the authenticator app alone when the gateway serves a hosted project (no backup codes there)', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(62));
    try {
      // The page learns its backend from /config.js; a hosted project's auth has no backup-code
      // endpoint. Everything else still runs against this backend, so enrolment works as usual.
      await page.route('**/config.js', async (route) => {
        const response = await route.fetch();
        const script = await response.text();
        expect(script).toContain('"backend":"embedded"');
        await route.fulfill({ response, body: script.replace('"backend":"embedded"', '"backend":"hosted"') });
      });
      const { email } = await createAccount('hosted-2fa', address(62), { first: 'Grace', last: 'Hopper' });
      await signInTo(page, email, '/settings?tab=security');
      await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
      await page
        .getByText('Sign-in asks for a code from an authenticator app on your phone after your password.')
        .waitFor();
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await page.getByTestId('totp-secret').waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      await page
        .getByRole('textbox', { name: '2. Enter the 6-digit code from the app' })
        .fill(await generate({ secret }));
      await page.getByRole('button', { name: 'Verify and enable' }).click();

      await page.getByText('Enabled', { exact: true }).waitFor();
      expect(await page.getByRole('list', { name: 'Backup codes' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Generate new backup codes' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
      await signInTo(page, email);
      const twoFactor = page.getByRole('textbox', { name: 'Two-factor code', exact: true });
      await twoFactor.waitFor();
      await page.getByText('The 6-digit code from your authenticator app.', { exact: true }).waitFor();
      // What would be a backup code with the embedded auth service is not sent at all.
      await twoFactor.fill('abcd-efgh-ijkl');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Enter the 6-digit code from your authenticator app.' })
        .waitFor();
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('settings: sessions and password', () => {
  it('signs out another device, then every other one, and changes the password', async () => {
    const email = uniqueEmail('settings');
    await signUpAndConfirm(visitor('198.51.100.67'), email, { password: PASSWORD, data: { first_name: 'Lise' } });
    const phone = (await visitor('198.51.100.68').auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const tablet = (await visitor('198.51.100.69').auth.signInWithPassword({ email, password: PASSWORD })).data
      .session!;
    const { page, close } = await openPage(browser(), fromAddress(70));
    try {
      await signInTo(page, email, '/settings?tab=security');
      await page.getByRole('button', { name: /account menu for/i }).waitFor();
      const rows = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
      await rows.first().waitFor();
      // The confirmation link's session, the phone, the tablet and this browser.
      expect(await rows.count()).toBe(4);
      expect(await rows.filter({ hasText: 'This device' }).count()).toBe(1);
      expect(await rows.filter({ hasText: 'This device' }).textContent()).toContain('IP 198.51.100.70');

      await rows
        .filter({ hasNotText: 'This device' })
        .first()
        .getByRole('button', { name: /^Sign out/ })
        .click();
      await page.getByText('That device is signed out.').waitFor();
      await expect.poll(() => rows.count()).toBe(3);

      await page.getByText('Also revokes all your API tokens.', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      // exact: the password section's description says the same words in a longer sentence
      await page
        .getByText('Every other device is signed out and your API tokens are revoked.', { exact: true })
        .waitFor();
      await expect.poll(() => rows.count()).toBe(1);
      for (const session of [phone, tablet]) {
        expect((await visitor().auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
      }
      expect(await page.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(true);

      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a new passphrase');
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('another passphrase');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('a new passphrase');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Your other devices have been signed out and your API tokens revoked.').waitFor();
      // Still signed in here; the new password is the one that works.
      await page.reload();
      await page.getByRole('list', { name: 'Active sessions' }).getByText('This device').waitFor();
      expect((await visitor().auth.signInWithPassword({ email, password: 'a new passphrase' })).error).toBeNull();
    } finally {
      await close();
    }
  });
});

describe('settings: confirming a password change', () => {
  it('asks a session that signed in a while ago for the code from the mail, and refuses a common password', async () => {
    const email = uniqueEmail('settings-reauth');
    await signUpAndConfirm(visitor('198.51.100.71'), email, { password: PASSWORD, data: { first_name: 'Grace' } });
    const { page, close } = await openPage(browser(), fromAddress(72));
    try {
      await signInTo(page, email);
      await page.getByRole('button', { name: /account menu for/i }).waitFor();
      // As if this browser had signed in an hour ago (docs/product.md#settings-security).
      await withDatabase((db) =>
        db.query(
          `update auth.sessions set created_at = now() - interval '1 hour',
             amr = jsonb_build_array(jsonb_build_object('method', 'password', 'timestamp', extract(epoch from now())::bigint - 3600))
           where user_id = (select id from auth.users where email = $1)`,
          [email],
        ),
      );
      await page.goto('/settings?tab=security');
      const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
      const confirmation = page.getByRole('textbox', { name: 'Confirm new password', exact: true });
      await newPassword.fill('12345678');
      await confirmation.fill('12345678');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('This password is too common and easy to guess.', { exact: false }).waitFor();

      await newPassword.fill('a confirmed passphrase');
      await confirmation.fill('a confirmed passphrase');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('we sent a 6-digit code to your e-mail address', { exact: false }).waitFor();
      const code = page.getByRole('textbox', { name: 'Confirmation code' });
      const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'reauthentication' });
      const sent = /code: (\d{6})/.exec(mail.text)![1]!;
      await code.fill(sent === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('That code is wrong or has expired.', { exact: false }).waitFor();
      await code.fill(sent);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Your other devices have been signed out and your API tokens revoked.').waitFor();
      expect((await visitor().auth.signInWithPassword({ email, password: 'a confirmed passphrase' })).error).toBeNull();
    } finally {
      await close();
    }
  });
});

describe('settings: appearance and account', () => {
  it('saves the theme to the account, so another browser gets it after signing in', async () => {
    const email = uniqueEmail('settings');
    await signUpAndConfirm(visitor('198.51.100.62'), email, { password: PASSWORD, data: { first_name: 'Mary' } });

    const first = await openPage(browser(), { ...fromAddress(63), colorScheme: 'light' });
    try {
      await signInTo(first.page, email, '/settings?tab=appearance');
      await first.page.getByRole('button', { name: /account menu for/i }).waitFor();
      await first.page.getByRole('radio', { name: 'Dark' }).check();
      await first.page.getByText('Theme saved').waitFor();
      expect(await schemeOf(first.page)).toBe('dark');
    } finally {
      await first.close();
    }

    const second = await openPage(browser(), { ...fromAddress(64), colorScheme: 'light' });
    try {
      // Light before signing in, on the sign-in page itself (no page load of its own).
      await second.page.goto('/auth/signin');
      expect(await schemeOf(second.page)).toBe('light');
      await fillSignIn(second.page, email);
      await second.page.getByRole('button', { name: /account menu for/i }).waitFor();
      await expect.poll(() => schemeOf(second.page)).toBe('dark');
      // A new page load keeps it, and the settings show it.
      await second.page.goto('/settings?tab=appearance');
      await second.page.getByRole('button', { name: /account menu for/i }).waitFor();
      expect(await schemeOf(second.page)).toBe('dark');
      expect(await second.page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('deletes the account after typed confirmation, signs out and goes home', async () => {
    const email = uniqueEmail('settings');
    const session = await signUpAndConfirm(visitor('198.51.100.65'), email, {
      password: PASSWORD,
      data: { first_name: 'Ida' },
    });
    const { page, close } = await openPage(browser(), fromAddress(66));
    try {
      await signInTo(page, email, '/settings?tab=account');
      await page.getByRole('button', { name: /account menu for/i }).waitFor();
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Type your e-mail address or DELETE to confirm' }).fill('DELETE');
      await confirm.click();
      await page.getByText('Your account has been deleted').waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      const left = await withDatabase((db) => db.query('select 1 from auth.users where id = $1', [session.user.id]));
      expect(left.rowCount).toBe(0);
    } finally {
      await close();
    }
  });
});
