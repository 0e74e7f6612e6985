import { describe, expect, inject, it } from 'vitest';
import { MOBILE, openPage, useBrowser } from './browser.ts';

/**
 * The interface in four languages (docs/product.md#languages): the address names the language,
 * the HTML says it (`lang`, `dir`, hreflang), the app speaks it, links keep it, and the switcher
 * changes it and remembers the choice.
 */
const browser = useBrowser();
const backend = inject('backend');

describe('languages', () => {
  it('serves a page in the language of its address, with its alternates, and keeps the language on links', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/zh/about');
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      const nav = page.getByRole('navigation', { name: '主导航' });
      await nav.getByRole('link', { name: '浏览' }).click();
      await page.waitForURL('**/zh/browse');
      // the browse page was drawn by the app; its own first HTML names the alternates
      const html = await (await fetch(`${backend.url}/zh/browse`)).text();
      expect(html).toContain(`<link rel="alternate" hreflang="ar" href="${backend.url}/ar/browse" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${backend.url}/browse" />`);
      expect(html).toContain(`<link rel="canonical" href="${backend.url}/zh/browse" />`);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lays Arabic out right to left, on a phone too', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto('/ar/browse');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByRole('button', { name: 'فتح القائمة' }).click();
      await page.getByRole('dialog', { name: 'القائمة' }).waitFor();
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("sends an English address to the browser's language, and the switcher's choice wins from then on", async () => {
    // headless Chromium names itself in its user agent, which the gateway treats as a crawler's
    const { page, close } = await openPage(browser(), {
      locale: 'es-ES',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    });
    try {
      await page.goto('/about');
      await page.waitForURL('**/es/about');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await page.getByRole('navigation', { name: 'Principal' }).waitFor();
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      await page.waitForURL((url) => url.pathname === '/about');
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      // the choice outlives the page: an English address stays English for this browser
      await page.goto('/browse');
      expect(new URL(page.url()).pathname).toBe('/browse');
    } finally {
      await close();
    }
  });

  it('answers crawlers in the language of the address, without redirects', async () => {
    const response = await fetch(`${backend.url}/about`, {
      headers: { 'accept-language': 'zh-CN', 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en" dir="ltr">');
  });
});
