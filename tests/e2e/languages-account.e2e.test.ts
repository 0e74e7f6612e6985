import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from './browser.ts';
import { withDatabase } from '../support/auth.ts';
import { addressesIn, createAccount, signInTo } from './session.ts';

/**
 * The account's pages in other languages (docs/product.md#languages): a language chosen while
 * signed in is saved on the profile and the next sign-in opens in it; the sign-in, settings,
 * profile and contribute pages speak Arabic right to left, on a phone too, and Chinese.
 */
const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.186');

const savedLanguage = (userId: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query<{ preferred_language: string | null }>(
      'select preferred_language from public.user_profiles where id = $1',
      [userId],
    );
    return rows[0]?.preferred_language;
  });

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('languages: the account', () => {
  it('saves the language chosen while signed in, and opens the next sign-in in it', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(1));
    try {
      const { email, id } = await createAccount('language', address(1), { first: 'Wu', last: 'Chien' });
      await signInTo(page, email, '/settings?tab=appearance');
      await page.getByRole('tab', { name: 'Appearance', selected: true }).waitFor();
      await page.getByRole('button', { name: 'WC: account menu for Wu Chien' }).waitFor();
      expect(await savedLanguage(id)).toBeNull();

      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('zh');
      await page.waitForURL((url) => url.pathname === '/zh/settings');
      await page.getByRole('tab', { name: '外观', selected: true }).waitFor();
      expect(await savedLanguage(id)).toBe('zh');

      // Settings → Language does the same
      await page.getByRole('radiogroup', { name: '界面语言' }).getByRole('radio', { name: 'Español' }).check();
      await page.waitForURL((url) => url.pathname === '/es/settings');
      await page.getByRole('tab', { name: 'Apariencia', selected: true }).waitFor();
      expect(await savedLanguage(id)).toBe('es');

      // another device, English, no cookie: the sign-in brings the saved language
      await page.getByRole('button', { name: 'WC: menú de la cuenta de Wu Chien' }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).waitFor();
      await page.context().clearCookies();
      await signInTo(page, email, '/profile');
      await page.waitForURL((url) => url.pathname === '/es/profile');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'sciai_lang')?.value).toBe('es');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a visitor’s choice is not saved anywhere but the cookie', async () => {
    const { page, close } = await openPage(browser(), fromAddress(2));
    try {
      await page.goto('/auth/signin');
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('ar');
      await page.waitForURL((url) => url.pathname === '/ar/auth/signin');
      expect(pathOf(page)).toBe('/ar/auth/signin');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    } finally {
      await close();
    }
  });
});
