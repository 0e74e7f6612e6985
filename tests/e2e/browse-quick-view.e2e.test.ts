import { describe, expect, it } from 'vitest';
import { useBrowser, openPage } from './browser.ts';
import { query, searchAsVisitor, showing } from './browse-support.ts';

const browser = useBrowser();

describe('browse quick view', () => {
  it('opens a quick view of a result and closes it with Escape', async () => {
    const all = await searchAsVisitor();
    const top = all.items[0]!;
    const { page, close } = await openPage(browser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await page.goto('/browse');
      await showing(page, 20, all.total);
      const trigger = page.getByRole('button', { name: `Quick view: ${top.title}` });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: top.title });
      await dialog.waitFor();
      for (const section of ['Overview', 'Metrics', 'Details']) {
        await dialog.getByRole('heading', { name: section }).waitFor();
      }
      const website = dialog.getByRole('link', { name: 'Visit Website' });
      expect(await website.getAttribute('target')).toBe('_blank');
      expect(await website.getAttribute('rel')).toContain('noopener');
      expect(await dialog.getByRole('link', { name: 'View details' }).getAttribute('href')).toMatch(
        new RegExp(`/${top.slug}$`),
      );

      await dialog.getByRole('button', { name: 'Share' }).click();
      await page.getByText('Link copied').waitFor();
      const copied = String(await page.evaluate('navigator.clipboard.readText()'));
      expect(new URL(copied).pathname).toMatch(new RegExp(`^/(tool|paper|company|agent)/${top.slug}$`));

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // Focus is back on the button that opened it.
      await expect
        .poll(() => page.evaluate("document.activeElement?.getAttribute('aria-label')"))
        .toBe(`Quick view: ${top.title}`);
    } finally {
      await close();
    }
  });

  it('keeps the open quick view in the URL: Back closes it, and a shared URL opens it', async () => {
    const all = await searchAsVisitor();
    // An item beyond the first page of results: its card is not loaded, so it is fetched.
    const later = (await searchAsVisitor({ page_offset: 45, page_size: 1 })).items[0]!;
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/browse?type=software');
      await page.getByText(/^Showing 1-/).waitFor();
      const first = page.getByRole('button', { name: /^Quick view: / }).first();
      const title = String(await first.getAttribute('aria-label')).replace('Quick view: ', '');
      await first.click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await page.waitForURL((url) => url.searchParams.has('item') && url.searchParams.get('type') === 'software');
      const slug = query(page).get('item');
      expect(await dialog.getByRole('link', { name: 'View details' }).getAttribute('href')).toMatch(
        new RegExp(`/${slug}$`),
      );

      // Back closes it and leaves the filters as they were.
      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
      expect(query(page).has('item')).toBe(false);
      expect(query(page).get('type')).toBe('software');
      // Forward opens it again; closing it then goes back rather than adding an entry.
      await page.goForward();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => !url.searchParams.has('item'));

      // A shared URL opens the quick view, also for an item not on the first page.
      await page.goto(`/browse?item=${encodeURIComponent(later.slug)}`);
      const shared = page.getByRole('dialog', { name: later.title });
      await shared.waitFor();
      expect(await page.getByRole('article').count()).toBe(20);
      expect(all.items.slice(0, 20).map((item) => item.slug)).not.toContain(later.slug);
      await shared.getByRole('button', { name: 'Close quick view' }).click();
      await shared.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => url.pathname === '/browse' && !url.searchParams.has('item'));
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
