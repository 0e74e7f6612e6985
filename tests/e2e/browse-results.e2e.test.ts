import { describe, expect, it } from 'vitest';
import { DESKTOP, useBrowser, MOBILE, openPage, restAsService, restAsVisitor, setSiteSetting } from './browser.ts';
import { searchAsVisitor, showing } from './browse-support.ts';

const browser = useBrowser();

describe('browse results', () => {
  it('lists the catalog 20 at a time, most trending first, and loads 20 more in place', async () => {
    const all = await searchAsVisitor();
    expect(all.total).toBeGreaterThan(40);
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/browse');
      expect(await page.title()).toBe('Browse AI Tools — SciAI');
      await page.getByRole('heading', { level: 1, name: 'Browse AI Tools' }).waitFor();
      await showing(page, 20, all.total);
      expect(await page.getByRole('article').count()).toBe(20);
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(all.items[0]?.title);

      const loadMore = page.getByRole('button', { name: 'Load More Results' });
      await loadMore.scrollIntoViewIfNeeded();
      const scrollBefore = Number(await page.evaluate('window.scrollY'));
      await loadMore.click();
      await showing(page, 40, all.total);
      expect(await page.getByRole('article').count()).toBe(40);
      // The new cards are appended below: the page did not jump.
      expect(Math.abs(Number(await page.evaluate('window.scrollY')) - scrollBefore)).toBeLessThan(50);
      // Keyboard focus moved on to the first new result, whose title links to its detail page.
      const focused = page.locator(':focus');
      expect(await focused.getAttribute('href')).toMatch(/^\/(tool|paper|company|agent)\/[^/]+$/);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows six loading cards on a phone while results load (opened from another page: no embedded results)', async () => {
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/rest/v1/rpc/search_items**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/about');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // wouter follows pushState: the browse page opens in the app, which asks for its results
      await page.evaluate("window.history.pushState(null, '', '/browse')");
      await page.getByTestId('result-skeleton').first().waitFor();
      expect(await page.getByTestId('result-skeleton').count()).toBe(6);
      release();
      await page.getByText(/^Showing 1-/).waitFor();
    } finally {
      await close();
    }
  });

  it('shows the sample-data banner only while the site setting is on and sample items are there', async () => {
    const response = await restAsVisitor('rpc/public_site_settings', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const settings = (await response.json()) as { sample_data_banner?: boolean };
    const { page, close } = await openPage(browser(), { viewport: DESKTOP });
    // the catalog is not sample data: one item marked as synthetic data would be, for this test only
    const metadata = await itemMetadata(SAMPLE_SLUG);
    try {
      await setSiteSetting('sample_data_banner', true);
      await page.goto('/browse');
      await page.getByText(/^Showing 1-/).waitFor();
      await page.getByTestId('sample-data-banner-placeholder').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByText('sample/demo data').count()).toBe(0);

      await setItemMetadata(SAMPLE_SLUG, { ...metadata, sample: true });
      await page.goto('/browse');
      await page.getByRole('alert').filter({ hasText: 'sample/demo data' }).waitFor();

      await setSiteSetting('sample_data_banner', false);
      await page.reload();
      await page.getByText(/^Showing 1-/).waitFor();
      // the notice holds its place unseen until the setting has loaded
      await page.getByTestId('sample-data-banner-placeholder').waitFor({ state: 'detached' });
      // the page's HTML may carry the setting as the gateway read it a few seconds ago; the app
      // reads it again at once
      await expect.poll(() => page.getByText('sample/demo data').count()).toBe(0);
    } finally {
      await setItemMetadata(SAMPLE_SLUG, metadata);
      await setSiteSetting('sample_data_banner', settings.sample_data_banner ?? false);
      await close();
    }
  });
});

/** An item no other test gives live figures to. */
const SAMPLE_SLUG = 'isomorphic-labs';

async function itemMetadata(slug: string): Promise<Record<string, unknown>> {
  const rows = (await (await restAsService(`content_items?slug=eq.${slug}&select=metadata`)).json()) as Array<{
    metadata: Record<string, unknown>;
  }>;
  return rows[0]!.metadata;
}

async function setItemMetadata(slug: string, metadata: Record<string, unknown>): Promise<void> {
  await restAsService(`content_items?slug=eq.${slug}`, {
    method: 'PATCH',
    headers: { prefer: 'return=minimal' },
    body: JSON.stringify({ metadata }),
  });
}
