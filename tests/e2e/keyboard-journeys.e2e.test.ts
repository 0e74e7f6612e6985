import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { useBrowser, openPage } from './browser.ts';
import { taggedFixture } from '../support/csv-import.ts';
import { addressesIn, createTotpAdmin } from './session.ts';
import { focused, tabTo, waitForFocus } from './keyboard.ts';

/**
 * docs/product.md#keyboard: the main journeys with the keyboard alone. After each page.goto the
 * test only presses and types keys, and checks where focus is, as a keyboard user would see it.
 */
const browser = useBrowser();

/** Each browser sends its own address: the auth service limits sign-ins per address. */
const { address, fromAddress } = addressesIn('198.51.107');

/** Tab from the top of the sign-in page through its form, and submit it with Enter. */
async function signInByKeyboard(page: Page, email: string) {
  await tabTo(page, 'Email', { tag: 'input' });
  await page.keyboard.type(email);
  await tabTo(page, 'Password', { tag: 'input' });
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

/** Reads a download the browser streams back over its connection. */
async function downloadedText(page: Page, start: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

describe('keyboard only', () => {
  it('signs in, searches, filters, opens an item, saves, compares and exports the library', async () => {
    const email = uniqueEmail('e2e-keyboard');
    await signUpAndConfirm(visitor(), email, { data: { first_name: 'Grace', last_name: 'Hopper' } });
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(11));
    try {
      await page.goto('/auth/signin?redirect=%2Fbrowse');
      // The skip link is the first stop on every page.
      await page.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to main content' });
      await signInByKeyboard(page, email);
      await page.waitForURL((url) => url.pathname === '/browse');
      await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
      // A route change puts focus on the new page's main region.
      await waitForFocus(page, /./);
      expect(await page.evaluate('document.activeElement.id')).toBe('main-content');

      await tabTo(page, 'Search AI tools', { tag: 'input' });
      await page.keyboard.type('protein structure');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('search') === 'protein structure');
      await page
        .getByRole('status')
        .filter({ hasText: /^Showing 1-/ })
        .waitFor();

      await tabTo(page, /^Biology\s*[\d,]+$/, { tag: 'input' });
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.search.includes('biology'));
      await page
        .getByRole('status')
        .filter({ hasText: /^Showing 1-/ })
        .waitFor();
      const titles = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
      expect(titles.length).toBeGreaterThanOrEqual(2);
      const [first, second] = titles as [string, string];

      // The first result goes to compare from its card; the second is opened.
      await tabTo(page, `Compare: ${first}`, { tag: 'button' });
      await page.keyboard.press('Enter');
      // The toggle keeps focus and reads its new state.
      await waitForFocus(page, `Added to compare: ${first}`);
      await tabTo(page, second, { tag: 'a' });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: second }).waitFor();
      await waitForFocus(page, /./);
      expect(await page.evaluate('document.activeElement.id')).toBe('main-content');

      await tabTo(page, new RegExp(`^Save (Tool|Paper|Company|Agent)`), { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Item saved to your library' }).waitFor();
      await tabTo(page, `Compare: ${second}`, { tag: 'button' });
      await page.keyboard.press('Enter');
      const compareLink = page.getByRole('complementary', { name: 'Compare tray' }).getByRole('link', {
        name: 'Compare (2)',
      });
      await compareLink.waitFor();
      await tabTo(page, 'Compare (2)', { tag: 'a' });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/compare');
      const table = page.getByRole('region', { name: 'Comparison table' });
      await table.waitFor();
      expect(await table.getByRole('columnheader').getByRole('link').allTextContents()).toEqual([first, second]);

      // The account menu opens with Enter and is walked with the arrows.
      await tabTo(page, /account menu for Grace Hopper/i, { tag: 'button', key: 'Shift+Tab', limit: 40 });
      await page.keyboard.press('Enter');
      // the arrows walk the menu once it is open (on a loaded machine its first opening takes a while)
      await page.getByRole('menu').waitFor();
      await tabTo(page, 'My Library', { key: 'ArrowDown', limit: 10 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/library');
      await page.getByRole('link', { name: second, exact: true }).waitFor();

      await tabTo(page, 'Export', { tag: 'button' });
      await page.keyboard.press('Enter');
      await tabTo(page, 'CSV', { key: 'ArrowDown', limit: 10 });
      const csv = await downloadedText(page, () => page.keyboard.press('Enter'));
      expect(csv.name).toMatch(/^sciai-library-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = Papa.parse<Record<string, string>>(csv.text, { header: true, skipEmptyLines: true }).data;
      expect(rows.map((row) => row.title)).toEqual([second]);
      // The menu closed and gave focus back to the button that opened it.
      await waitForFocus(page, 'Export');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signs up, confirms, and sets up two-factor authentication', async () => {
    const email = uniqueEmail('e2e-keyboard-2fa');
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(12));
    try {
      await page.goto('/auth/signup');
      await page.getByRole('textbox', { name: 'First name', exact: true }).waitFor();
      for (const [field, text] of [
        ['First name', 'Katherine'],
        ['Last name', 'Johnson'],
        ['Email', email],
        ['Password', PASSWORD],
        ['Confirm password', PASSWORD],
      ] as const) {
        await tabTo(page, field, { tag: 'input' });
        await page.keyboard.type(text);
      }
      await tabTo(page, 'Create account', { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.getByText('Check your email for a confirmation link to complete your registration.').waitFor();

      // The mailed link, as the mail program opens it.
      const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
      await page.goto(linkIn(mail));
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '');
      await page.getByRole('button', { name: 'Account menu for Katherine Johnson' }).waitFor();

      await tabTo(page, /account menu for Katherine Johnson/i, { tag: 'button' });
      await page.keyboard.press('Enter');
      await tabTo(page, 'Settings', { key: 'ArrowDown', limit: 10 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/settings');
      // The tab list is one stop; the arrows move between its tabs and open them.
      await tabTo(page, /^Profile$/, { tag: 'button' });
      await tabTo(page, /^Security$/, { key: 'ArrowRight', limit: 10 });
      await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();

      await tabTo(page, 'Set up two-factor authentication', { tag: 'button' });
      await page.keyboard.press('Enter');
      const secretText = page.getByTestId('totp-secret');
      await secretText.waitFor();
      const secret = ((await secretText.textContent()) ?? '').trim();
      // The button pressed is gone with the step it started: focus stays in its section.
      expect((await focused(page))?.tag).toBe('div');
      await tabTo(page, '2. Enter the 6-digit code from the app', { tag: 'input', limit: 10 });
      await page.keyboard.type(await generate({ secret }));
      await page.keyboard.press('Enter');

      await page.getByRole('list', { name: 'Backup codes' }).waitFor();
      await tabTo(page, 'I have saved my codes', { tag: 'button', limit: 10 });
      await page.keyboard.press('Enter');
      await page.getByText('Enabled', { exact: true }).waitFor();
      await tabTo(page, 'Disable two-factor authentication', { tag: 'button', limit: 10 });
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('contributes a tool through the wizard', async () => {
    const email = uniqueEmail('e2e-keyboard-contribute');
    await signUpAndConfirm(visitor(), email, { data: { first_name: 'Mary', last_name: 'Somerville' } });
    const title = `Keyboard Spectra ${randomUUID().slice(0, 6)}`;
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(13));
    try {
      await page.goto('/contribute');
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      await page.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
      await signInByKeyboard(page, email);
      await page.waitForURL((url) => url.pathname === '/contribute');
      const heading = (text: string) => page.getByRole('heading', { level: 2, name: text });
      await heading('Step 1 of 4: Type and basic info').waitFor();

      await tabTo(page, 'Title', { tag: 'input' });
      await page.keyboard.type(title);
      await tabTo(page, 'Biology', { tag: 'input' });
      await page.keyboard.press('Space');
      await tabTo(page, 'Next', { tag: 'button' });
      await page.keyboard.press('Enter');
      // Each step's heading takes focus, so the next Tab starts from the new step.
      await waitForFocus(page, 'Step 2 of 4: Detailed info');

      await tabTo(page, 'Short description', { tag: 'textarea' });
      await page.keyboard.type('Reads spectra aloud');
      await tabTo(page, 'Full description', { tag: 'textarea' });
      await page.keyboard.type('Turns spectra into sound and text for researchers who cannot see the plot.');
      await tabTo(page, 'Next', { tag: 'button' });
      await page.keyboard.press('Enter');
      await waitForFocus(page, 'Step 3 of 4: Verification and relationship');
      await tabTo(page, 'Next', { tag: 'button' });
      await page.keyboard.press('Enter');
      await waitForFocus(page, 'Step 4 of 4: Review and submit');
      await tabTo(page, 'Submit', { tag: 'button' });
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: "Contribution submitted successfully! We'll review it and get back to you." })
        .waitFor();
      const stored = await withDatabase((db) =>
        db.query<{ status: string }>('select status from public.content_submissions where title = $1', [title]),
      );
      expect(stored.rows.map((row) => row.status)).toEqual(['pending']);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('imports a CSV as an administrator', async () => {
    const admin = await createTotpAdmin('e2e-keyboard-admin', address(14), { first: 'Ida', last: 'Importer' });
    const { text } = taggedFixture('papers-mixed.csv');
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(15));
    try {
      await page.goto('/auth/signin?redirect=%2Fadmin%2Fcsv-import');
      await page.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
      await signInByKeyboard(page, admin.email);
      await page.getByRole('textbox', { name: 'Two-factor code', exact: true }).waitFor();
      await tabTo(page, 'Two-factor code', { tag: 'input' });
      // the enrolment used this time step's code; each step's code is taken once
      await page.keyboard.type(await generate({ secret: admin.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'CSV Data Import' }).waitFor();

      // A radio group is one stop, its chosen radio (papers, the default); the arrows choose another.
      await tabTo(page, 'Research Papers', { tag: 'input' });
      await tabTo(page, 'Companies', { key: 'ArrowRight', limit: 5 });
      await tabTo(page, 'Research Papers', { key: 'ArrowLeft', limit: 5 });
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        tabTo(page, 'CSV File', { tag: 'button' }).then(() => page.keyboard.press('Enter')),
      ]);
      await chooser.setFiles({ name: 'papers.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await tabTo(page, 'Process & Preview', { tag: 'button' });
      await page.keyboard.press('Enter');
      // The outcome is announced from a status region that was there before it.
      await page
        .getByRole('status')
        .filter({ hasText: /^Processing complete: 4 valid rows, 3 invalid rows$/ })
        .waitFor();
      // Processing opened Preview and took the button pressed with Upload: focus stays on the tabs.
      await page.getByRole('table', { name: 'Preview' }).waitFor();
      expect(await focused(page)).not.toBeNull();

      await tabTo(page, /^(Upload|Preview)$/, { tag: 'button' });
      await tabTo(page, 'Import', { key: 'ArrowRight', limit: 5 });
      await page.getByText('Ready to import 3 valid papers into the database. Invalid rows will be skipped.').waitFor();
      await tabTo(page, 'Import to Database', { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Successfully uploaded 3 papers to the database.' }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
