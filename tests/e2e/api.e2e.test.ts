import { describe, expect, inject, it } from 'vitest';
import { API_EXAMPLES } from '@sciai/core';
import { axeViolations } from '../support/axe.ts';
import { waitForMail } from '../support/mailbox.ts';
import { MOBILE, openPage, useBrowser } from './browser.ts';
import { addressesIn, createAccount, signInTo } from './session.ts';

const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.121');
const backend = inject('backend');

/** A script's request with nothing but the token. */
const readWith = (token: string) =>
  fetch(`${backend.url}/rest/v1/scientific_domains?select=slug&limit=1`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address(200) },
  });

describe('the API page', () => {
  it('documents every endpoint with curl, supabase-js and a sample answer, and fits a phone', async () => {
    // bypassCSP: axe is injected as an inline script, which the site's CSP rightly refuses
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: MOBILE, bypassCSP: true });
    try {
      await page.goto('/api');
      await page.getByRole('heading', { level: 1, name: 'SciAI API' }).waitFor();
      expect(await page.title()).toMatch(/API/);
      for (const example of API_EXAMPLES) {
        const article = page.locator(`[data-operation="${example.operationId}"]`);
        await article.getByRole('heading', { name: example.title, exact: true }).waitFor();
        const curl = await article.getByLabel(`curl: ${example.title}`).textContent();
        expect(curl).toContain(`${backend.url}${example.path}`);
        expect(await article.getByLabel(`supabase-js: ${example.title}`).textContent()).toBe(example.supabaseJs);
        expect(await article.getByLabel(`Sample answer: ${example.title}`).count()).toBe(1);
      }
      for (const heading of ['Authentication', 'Paging', 'Errors', 'Rate limits', 'MCP for AI assistants'])
        await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      expect(await page.getByLabel('The anon key').textContent()).toBe(backend.anonKey);
      expect(await page.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).toBe(
        '/api/openapi.json',
      );
      // (An expression as a string: the tests are type-checked without the DOM library.)
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(MOBILE.width);
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('settings: API tokens', () => {
  it('creates a token shown once, lists it with its last use, and revokes it', async () => {
    const account = await createAccount('api-token', address(1), { first: 'Grace', last: 'Hopper' });
    const { page, consoleErrors, close } = await openPage(browser(), { ...fromAddress(2), bypassCSP: true });
    try {
      await signInTo(page, account.email);
      await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).waitFor();
      await page.goto('/settings?tab=security');
      await page.getByRole('heading', { name: 'API tokens' }).waitFor();
      await page.getByText('No API tokens yet.').waitFor();

      await page
        .getByText('Changing your password, or signing out everywhere else, revokes all your API tokens.', {
          exact: false,
        })
        .waitFor();
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Token name must be 1 to 60 characters').waitFor();
      // A year at most: there is no "Never".
      await page.getByRole('combobox', { name: 'Expires after' }).click();
      await page.getByRole('option', { name: '1 year' }).waitFor();
      expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
        '7 days',
        '30 days',
        '90 days',
        '1 year',
      ]);
      await page.getByRole('option', { name: '30 days' }).click();
      await page.getByRole('textbox', { name: 'Token name' }).fill('Lab notebook');
      await page.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByTestId('new-api-token');
      await shown.waitFor();
      const token = (await shown.textContent())?.trim() ?? '';
      expect(token).toMatch(/^sciai_[0-9a-f]{64}$/);
      await page.getByRole('button', { name: 'Copy token' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const list = page.getByRole('list', { name: 'API tokens' });
      await list.getByText('Lab notebook').waitFor();
      await list.getByText('Never used', { exact: false }).waitFor();
      expect(await list.textContent()).toContain(token.slice(0, 10));
      expect(await list.textContent()).not.toContain(token.slice(10));

      expect((await readWith(token)).status).toBe(200);
      const notice = await waitForMail(backend.dataDir, account.email, {
        kind: 'api_token_created',
        timeoutMs: 15_000,
      });
      expect(notice.text).toContain(token.slice(0, 10));
      expect(notice.text).not.toContain(token);
      await page.getByRole('button', { name: 'Done' }).click();
      expect(await page.getByTestId('new-api-token').count()).toBe(0);
      // shown once: a reload lists the token without it, with its use
      await page.reload();
      await list.getByText('Last used', { exact: false }).waitFor();
      expect(await page.content()).not.toContain(token);

      await page.getByRole('button', { name: 'Revoke Lab notebook' }).click();
      await page.getByText('No API tokens yet.').waitFor();
      expect((await readWith(token)).status).toBe(401);
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });
});
