import { describe, expect, it } from 'vitest';
import { useBrowser, openPage, restAsVisitor } from './browser.ts';
import { openDetail as openDetailPage, type DetailOptions } from './detail-support.ts';

const browser = useBrowser();
const openDetail = (path: string, options: DetailOptions = {}) => openDetailPage(browser(), path, options);

// A detail page's Share button, and its view counting.
describe('sharing and views', () => {
  it("copies the link and says 'Link copied' where the browser has no share sheet", async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.addInitScript('delete Navigator.prototype.share; delete navigator.share;');
      await page.goto('/tool/alphafold');
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByText('Link copied').waitFor();
      const origin = new URL(page.url()).origin;
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${origin}/tool/alphafold`);
    } finally {
      await close();
    }
  });

  it('counts a visitor once, and a headless browser (a bot) never', async () => {
    const views = async () => {
      const rows = (await (await restAsVisitor('content_items?select=view_count&slug=eq.evo-paper')).json()) as Array<{
        view_count: number;
      }>;
      return rows[0]!.view_count;
    };
    const before = await views();
    const person = await openDetail('/paper/evo-paper', {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    try {
      await expect.poll(views).toBe(before + 1);
      await person.page.reload();
      await person.page.getByRole('heading', { level: 1 }).waitFor();
      await person.page.waitForLoadState('networkidle');
      expect(await views()).toBe(before + 1);
    } finally {
      await person.close();
    }
    const bot = await openDetail('/paper/evo-paper'); // HeadlessChrome's own user agent
    try {
      await bot.page.getByRole('heading', { level: 1 }).waitFor();
      await bot.page.waitForLoadState('networkidle');
      expect(await views()).toBe(before + 1);
    } finally {
      await bot.close();
    }
  });
});
