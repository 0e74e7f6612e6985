import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, useBrowser } from './browser.ts';
import { filterPanel, searchAsVisitor, showing } from './browse-support.ts';

/**
 * What a scientist scanning the catalog relies on (docs/product.md#browse): every filter and the
 * sort reachable without an inner scroll, a dense list view, a quick view whose actions show,
 * tabs that fit, and toasts that cover none of the header's controls.
 */

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;
const TABLET = { width: 768, height: 1024 } as const;
const PHONE = { width: 390, height: 844 } as const;
const SECTIONS = ['Scientific Domains', 'Features & Verification', 'Organization Size', 'Year'];

type Box = { x: number; y: number; width: number; height: number };
// Polled: a control the page swaps for its full version once loaded (the sort field) may be
// replaced between being found and being measured.
async function box(locator: ReturnType<Page['locator']>): Promise<Box> {
  let found: Box | null = null;
  await expect.poll(async () => (found = await locator.boundingBox()) !== null, { message: 'not laid out' }).toBe(true);
  return found!;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const pageOverflows = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth');

describe('browse layout', () => {
  it('puts Sort beside the result count and every filter in a panel without an inner scroll (1366×900)', async () => {
    const all = await searchAsVisitor();
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: LAPTOP });
    try {
      await page.goto('/browse');
      await showing(page, 20, all.total);
      const count = page.getByText(`Showing 1-20 of ${all.total}`, { exact: true });
      const sort = page.getByRole('combobox', { name: 'Sort By' });
      // in the results' toolbar, on the count's line and in the first view
      expect(await filterPanel(page).getByRole('combobox', { name: 'Sort By' }).count()).toBe(0);
      const [countBox, sortBox] = [await box(count), await box(sort)];
      expect(Math.abs(countBox.y + countBox.height / 2 - (sortBox.y + sortBox.height / 2))).toBeLessThan(24);
      expect(sortBox.y + sortBox.height).toBeLessThan(LAPTOP.height);

      // The panel never scrolls inside itself; each section has a control that says if it is open.
      const panel = filterPanel(page);
      const inner = await panel.evaluate((element) => ({
        scrolls: element.scrollHeight > element.clientHeight + 1,
        overflowY: element.ownerDocument.defaultView?.getComputedStyle(element).overflowY,
      }));
      expect(inner).toEqual({ scrolls: false, overflowY: 'visible' });
      for (const section of SECTIONS)
        expect(await panel.getByRole('button', { name: section }).getAttribute('aria-expanded')).toBe('true');

      // Sorting from the toolbar writes the URL.
      await sort.click();
      await page.getByRole('option', { name: 'Alphabetical' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'alphabetical');

      // Collapsed sections stay collapsed on the next visit, and the lower ones move up into view.
      await panel.getByRole('button', { name: 'Scientific Domains' }).click();
      await panel.getByRole('button', { name: 'Features & Verification' }).press('Enter');
      await expect
        .poll(() => panel.getByRole('button', { name: 'Features & Verification' }).getAttribute('aria-expanded'))
        .toBe('false');
      await page.reload();
      await showing(page, 20, all.total);
      expect(await panel.getByRole('button', { name: 'Scientific Domains' }).getAttribute('aria-expanded')).toBe(
        'false',
      );
      expect(await panel.getByRole('button', { name: 'Organization Size' }).getAttribute('aria-expanded')).toBe('true');
      // The lowest filter is reached by scrolling the page; the panel itself still does not scroll.
      const year = panel.getByRole('slider', { name: 'To year' });
      await year.focus();
      expect(await year.isVisible()).toBe(true);
      expect(await panel.evaluate((element) => element.scrollTop)).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps Sort in the toolbar and the page within the width at 768 and 390px; the tabs wrap instead of being cut', async () => {
    for (const viewport of [TABLET, PHONE, MOBILE]) {
      const { page, close } = await openPage(browser(), { viewport });
      try {
        await page.goto('/browse?view=list');
        await page.getByText(/^Showing 1-20 of/).waitFor();
        const sort = await box(page.getByRole('combobox', { name: 'Sort By' }));
        expect(sort.x + sort.width).toBeLessThanOrEqual(viewport.width);
        const last = await box(page.getByRole('tab', { name: /^AI Agents/ }));
        expect(last.x + last.width, `AI Agents tab at ${viewport.width}px`).toBeLessThanOrEqual(viewport.width);
        expect(await pageOverflows(page), `overflow at ${viewport.width}px`).toBe(false);
      } finally {
        await close();
      }
    }
  });

  it('makes the list view the dense one: rows of about 120px, their actions together (1366×900)', async () => {
    const { page, close } = await openPage(browser(), { viewport: LAPTOP });
    try {
      await page.goto('/browse?view=list');
      await page.getByText(/^Showing 1-20 of/).waitFor();
      // the rows' width is final once the filter panel, which loads after the page, fills the aside
      await page.getByRole('button', { name: 'Scientific Domains' }).waitFor();
      const rows = page.getByRole('article');
      expect(await rows.count()).toBe(20);
      const heights = await rows.evaluateAll((articles) =>
        articles.map((article) => article.getBoundingClientRect().height),
      );
      // all but one row within 150 px: the shared catalog may hold one item whose title or badges
      // take a second line (other test files add items), which is the row doing its job
      expect([...heights].sort((a, b) => a - b).at(-2)).toBeLessThanOrEqual(150);
      expect(Math.max(...heights)).toBeLessThanOrEqual(190);
      expect(heights.reduce((sum, height) => sum + height, 0) / heights.length).toBeLessThanOrEqual(130);
      // Quick view, Compare and Save sit one under another with no gap between them.
      const first = rows.first();
      const compare = await box(first.locator('[data-compare-toggle]'));
      const save = await box(first.getByRole('button', { name: /^Save/ }));
      expect(save.y - (compare.y + compare.height)).toBeLessThan(16);
      // The key facts are columns of the row, beside the title.
      const title = await box(first.getByRole('heading', { level: 2 }));
      const views = await box(first.getByText('Views:'));
      expect(views.x).toBeGreaterThan(title.x + 300);
    } finally {
      await close();
    }
  });

  it("shows the quick view's action row inside the dialog at 1366×900, and on a phone", async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const { page, close } = await openPage(browser(), { viewport });
      try {
        await page.goto('/browse');
        await page.getByText(/^Showing 1-20 of/).waitFor();
        await page
          .getByRole('button', { name: /^Quick view: / })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        const save = dialog.getByRole('button', { name: /^Save/ });
        await save.waitFor();
        // Inside the window and not under anything, once the opening transition has ended.
        await expect
          .poll(
            () =>
              save.evaluate((element) => {
                const rect = element.getBoundingClientRect();
                const view = element.ownerDocument.defaultView;
                const top = element.ownerDocument.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
                return view !== null && rect.bottom <= view.innerHeight && element.contains(top);
              }),
            { message: `Save at ${viewport.width}px` },
          )
          .toBe(true);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      } finally {
        await close();
      }
    }
  });

  it('shows toasts where they cover neither the header controls nor the compare tray', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const { page, close } = await openPage(browser(), { viewport });
      try {
        await page.goto('/browse');
        await page.getByText(/^Showing 1-20 of/).waitFor();
        const toggles = page.locator('[data-compare-toggle]');
        // by keyboard: on a phone the tray covers the lower cards once it shows
        for (let index = 0; index < 5; index += 1) await toggles.nth(index).press('Enter');
        const toast = page.getByRole('alert').filter({ hasText: 'You can compare up to 4 items' });
        await toast.waitFor();
        const header = await box(page.locator('header').first());
        const tray = await box(page.getByRole('complementary', { name: 'Compare tray' }));
        // once the toast has slid in: clear of the header's controls and of the tray's buttons
        await expect
          .poll(
            async () => {
              const toastBox = await box(toast);
              return { overHeader: overlaps(toastBox, header), overTray: overlaps(toastBox, tray) };
            },
            { message: `toast at ${viewport.width}px` },
          )
          .toEqual({ overHeader: false, overTray: false });
        expect((await box(toast)).y).toBeGreaterThan(viewport.height / 2);
      } finally {
        await close();
      }
    }
  });
});
