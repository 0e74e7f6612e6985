import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser.ts';

/**
 * The detail pages in Arabic and Chinese (docs/product.md#languages): the cards speak the page's
 * language, Arabic reads right to left, and nothing scrolls sideways on a phone.
 */
const browser = useBrowser();

const PHONE = { width: 390, height: 844 } as const;
const overflow = `document.documentElement.scrollWidth - window.innerWidth`;

describe('detail pages in other languages', () => {
  for (const [width, viewport] of [
    [1366, { width: 1366, height: 900 }],
    [390, PHONE],
  ] as const) {
    it(`shows a tool's page in Arabic, right to left, at ${width} px`, async () => {
      const { page, consoleErrors, close } = await openPage(browser(), { viewport });
      try {
        await page.goto('/ar/tool/alphafold');
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await page.getByRole('heading', { name: 'الإحصاءات', level: 2 }).waitFor();
        await page.getByRole('link', { name: 'العودة إلى التصفّح' }).waitFor();
        await page.getByRole('tab', { name: 'السجل' }).click();
        await page.getByRole('heading', { name: 'سجل AlphaFold', exact: false }).waitFor();
        expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('shows a field page in Arabic on a phone', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: PHONE });
    try {
      await page.goto('/ar/field/astronomy');
      await page.getByRole('heading', { name: 'الرائج في هذا المجال' }).waitFor();
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows a paper's page in Chinese", async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/zh/paper/alphafold-2-paper');
      await page.getByRole('heading', { name: '出版信息' }).waitFor();
      await page.getByRole('link', { name: '阅读论文' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
