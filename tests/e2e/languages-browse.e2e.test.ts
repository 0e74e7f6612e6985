import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from './browser.ts';

/**
 * Browse, the landing page and compare in Arabic (right to left) on a laptop and a phone, and
 * browse in Chinese (docs/product.md#languages): the app's own texts in the language, no page
 * wider than a phone's screen, no errors.
 */
const browser = useBrowser();
const LAPTOP = { width: 1366, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

const horizontalOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

describe('browse, landing and compare in other languages', () => {
  it('lays browse, the landing page and compare out right to left in Arabic', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: LAPTOP });
    try {
      await page.goto('/ar/browse');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByRole('heading', { name: 'عوامل التصفية', level: 2 }).waitFor();
      await page.locator('[data-result-card]').first().waitFor();
      await page
        .getByRole('button', { name: /^عرض سريع: / })
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'عرض شبكي' }).waitFor();

      await page.setViewportSize(PHONE);
      // on a phone the filters are behind a button, and nothing reaches past the screen's edge
      await page.getByRole('button', { name: /^عوامل التصفية/ }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto('/ar');
      await page.getByRole('heading', { name: 'استكشف حسب المجال العلمي' }).waitFor();
      await page.getByRole('button', { name: 'انضم إلى قائمة الانتظار' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.setViewportSize(LAPTOP);
      await page.goto('/ar/compare');
      await page.getByRole('heading', { name: 'اختر عنصرين على الأقل للمقارنة' }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('speaks Chinese on browse', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: PHONE });
    try {
      await page.goto('/zh/browse');
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      await page.locator('[data-result-card]').first().waitFor();
      await page
        .getByRole('button', { name: /^快速查看：/ })
        .first()
        .waitFor();
      await page.getByRole('searchbox', { name: '搜索 AI 工具' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
