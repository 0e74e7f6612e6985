import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser.ts';
import { PASSWORD, withDatabase } from '../support/auth.ts';
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

const WIDE = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 800 };

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
      await page.getByRole('radiogroup', { name: '界面语言' }).getByRole('radio', { name: 'Español' }).click();
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

  it('shows the sign-in, settings, profile and contribute pages in Arabic, right to left, and in Chinese', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { ...fromAddress(2), viewport: WIDE });
    try {
      const { email } = await createAccount('arabic', address(2), { first: 'Ibn', last: 'Sina' });
      const pages = [
        { path: '/ar/auth/signin', heading: 'تسجيل الدخول' },
        { path: '/ar/settings', heading: 'الإعدادات' },
        { path: '/ar/profile', heading: 'الملف الشخصي' },
        { path: '/ar/contribute', heading: 'ساهم في SciAI' },
      ];
      const check = async ({ path, heading }: { path: string; heading: string }) => {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow, path).toBeLessThanOrEqual(0);
      };
      await check(pages[0]!);
      await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
      await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      await page.getByRole('button', { name: /^IS: .*Ibn Sina/ }).waitFor();
      for (const shown of pages.slice(1)) await check(shown);
      await page.setViewportSize(PHONE);
      for (const shown of pages) if (shown.path !== '/ar/auth/signin') await check(shown);

      await page.goto('/zh/settings?tab=security');
      await page.getByRole('heading', { name: '设置', exact: true }).waitFor();
      await page.getByRole('heading', { name: '更改密码' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
