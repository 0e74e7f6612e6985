import { describe, expect, inject, it } from 'vitest';
import { codeIn, waitForMail } from '../support/mailbox.ts';
import { PASSWORD, uniqueEmail } from '../support/auth.ts';
import { useBrowser, openPage } from './browser.ts';
import { addressesIn, fillSignUp } from './session.ts';

const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.147');

/**
 * docs/product.md#confirm-code: a sign-up confirmed by typing the mailed code, on another device
 * than the one that signed up; and the sign-up form's word when the address is over its limit.
 */
describe('confirming a sign-up with the mailed code', () => {
  it('signs up, follows the success state to the code page, enters the code from the mail and is signed in', async () => {
    const email = uniqueEmail('e2e-code');
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(11));
    try {
      await page.goto('/auth/signup?redirect=%2Flibrary');
      await fillSignUp(page, { first: 'Grace', last: 'Hopper', email, password: PASSWORD, confirm: PASSWORD });
      await page.getByText('Check your email for a confirmation link to complete your registration.').waitFor();
      await page.getByRole('link', { name: 'Enter the code from the email' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/confirm');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/library');
      await page.getByRole('heading', { level: 1, name: 'Confirm your email' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);

      const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
      const code = codeIn(mail);
      // the mail names the same page, with the address filled in
      const codePage = mail.links.find((link) => new URL(link).pathname === '/auth/confirm');
      expect(codePage).toBeDefined();
      expect(mail.text).toContain(`on ${codePage}`);

      const codeField = page.getByRole('textbox', { name: 'Code', exact: true });
      const wrong = code === '000000' ? '111111' : '000000';
      await codeField.fill(wrong);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').getByText('Token has expired or is invalid').waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/confirm');

      await codeField.fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname === '/library');
      await page.getByText('E-mail confirmed — you are signed in').waitFor();
      await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
      expect(consoleErrors.filter((message) => !message.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens from the mail’s own link on another device, with the address filled in', async () => {
    const email = uniqueEmail('e2e-code-mail');
    const signUp = await fetch(`${inject('backend').url}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: inject('backend').anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': address(21),
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
    const codePage = mail.links.find((link) => new URL(link).pathname === '/auth/confirm')!;
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(22));
    try {
      await page.goto(codePage);
      expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(codeIn(mail));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('E-mail confirmed — you are signed in').waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('tells a room over its sign-up limit when to try again', async () => {
    const room = address(31);
    const backend = inject('backend');
    // a workshop of thirty behind one address signs up within the minute
    for (let person = 0; person < 30; person++) {
      const answer = await fetch(`${backend.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': room },
        body: JSON.stringify({ email: uniqueEmail(`e2e-room-${person}`), password: PASSWORD }),
      });
      expect(answer.status, `participant ${person + 1}`).toBe(200);
      await answer.body?.cancel();
    }
    const { page, close } = await openPage(browser(), fromAddress(31));
    try {
      await page.goto('/auth/signup');
      const email = uniqueEmail('e2e-room-late');
      await fillSignUp(page, { first: 'Late', last: 'Comer', email, password: PASSWORD, confirm: PASSWORD });
      await page
        .getByRole('alert')
        .getByText(/^Request rate limit reached\. Please try again in (\d+ seconds|1 minute)\.$/)
        .waitFor();
    } finally {
      await close();
    }
  });
});
