import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser.ts';

/**
 * The words core gives the pages (docs/product.md#languages): browse's heading, its type tabs,
 * the count line and the sort choices, in Arabic right to left on a laptop and a phone, and in
 * Chinese.
 */
const browser = useBrowser();

describe('core’s words in the page’s language', () => {
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`shows browse in Arabic, right to left, at ${viewport.width} px`, async () => {
      const { page, consoleErrors, close } = await openPage(browser(), { viewport });
      try {
        await page.goto('/ar/browse');
        await page.getByRole('heading', { level: 1, name: 'تصفّح أدوات الذكاء الاصطناعي' }).waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await page.getByRole('tab', { name: 'كل المحتوى' }).waitFor();
        await page.getByText(/^عرض 1-\d+ من \d+$/).waitFor();
        const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow).toBeLessThanOrEqual(0);
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('shows browse in Chinese', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/zh/browse');
      await page.getByRole('heading', { level: 1, name: '浏览 AI 工具' }).waitFor();
      await page.getByRole('tab', { name: '软件与工具' }).waitFor();
      await page.getByText(/^显示第 1-\d+ 条，共 \d+ 条$/).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
