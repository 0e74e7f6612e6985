import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DESKTOP, openPage, useBrowser } from './browser.ts';
import { filterPanel, searchAsVisitor, showing } from './browse-support.ts';

const browser = useBrowser();

/** Counts the search calls the page makes; `held` keeps them waiting until released, `blocked` fails them. */
async function watchSearchCalls(page: Page, mode: 'held' | 'blocked') {
  const calls: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/rpc/search_items**', async (route) => {
    calls.push(route.request().url());
    if (mode === 'blocked') return route.abort();
    await released;
    return route.continue();
  });
  return { calls, release };
}

/** The supabase-js chunk (vite.config.ts names it; its PostgREST client is a chunk of its own). */
const SUPABASE_CHUNK = /\/assets\/supabase-[\w-]{8}\.js$/;

describe('browse page from the first HTML', () => {
  it('answers a filter before supabase-js has loaded: an anonymous visitor reads through its PostgREST client', async () => {
    const biology = await searchAsVisitor({ domains: ['biology'] });
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: DESKTOP });
    const held: Route[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(SUPABASE_CHUNK, async (route) => {
      held.push(route);
      await released;
      await route.continue();
    });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/rest/v1/rpc/search_items') searches.push(request.postData() ?? '');
    });
    try {
      await page.goto('/browse');
      await page.getByText(/^Showing 1-/).waitFor();
      await filterPanel(page)
        .getByRole('checkbox', { name: /^Biology/ })
        .check();
      await page.waitForURL('**/browse?domain=biology');
      await showing(page, 20, biology.total);
      expect(await page.locator('[data-result-card]').first().getByRole('heading').textContent()).toBe(
        biology.items[0]?.title,
      );
      expect(searches.map((body) => (JSON.parse(body) as { domains: string[] }).domains)).toEqual([['biology']]);
      // supabase-js was asked for at most once the page was shown, and is still held: it never ran
      expect(held.length).toBeLessThanOrEqual(1);
      release();
      // once it is there, it takes over (no session: the visitor stays signed out)
      await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
      await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      release();
      await close();
    }
  });

  it("shows a search's first results and facet counts from the data embedded in the page, without asking the search again", async () => {
    const expected = await searchAsVisitor({ search: 'protein' });
    expect(expected.total).toBeGreaterThan(0);
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: DESKTOP });
    const search = await watchSearchCalls(page, 'blocked');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/rest/v1/')) apiCalls.push(pathname);
    });
    try {
      const response = await page.goto('/browse?search=protein');
      expect(response?.status()).toBe(200);
      await showing(page, 20, expected.total);
      const cards = page.locator('[data-result-card]');
      expect(await cards.count()).toBe(Math.min(20, expected.total));
      expect(await cards.first().getByRole('heading').textContent()).toBe(expected.items[0]?.title);
      // the facet counts are the search's own, never a placeholder
      const features = filterPanel(page).getByRole('group', { name: 'Features & Verification' });
      await features.getByRole('checkbox').first().waitFor();
      expect(await page.getByTestId('facet-count-skeleton').count()).toBe(0);
      const verified = expected.facets.features.verified ?? 0;
      expect(await features.getByText(String(verified), { exact: true }).count()).toBeGreaterThan(0);

      // Once supabase-js is there the app records the search term (a Data API call of its own):
      // the search itself was never asked again.
      await expect.poll(() => apiCalls).toContain('/rest/v1/rpc/record_search');
      expect(search.calls).toEqual([]);
      // the domains came with the page too
      expect(apiCalls).not.toContain('/rest/v1/scientific_domains');
      expect(apiCalls).not.toContain('/rest/v1/domain_counts');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('asks the search only for the next page after the embedded first page', async () => {
    const { page, close } = await openPage(browser(), { viewport: DESKTOP });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/rest/v1/rpc/search_items') calls.push(request.postData() ?? '');
    });
    try {
      await page.goto('/browse');
      await page.locator('[data-result-card]').first().waitFor();
      const loadMore = page.getByRole('button', { name: 'Load More Results' });
      await loadMore.click();
      await expect.poll(() => page.locator('[data-result-card]').count()).toBe(40);
      expect(calls.map((body) => (JSON.parse(body) as { page_offset: number }).page_offset)).toEqual([20]);
    } finally {
      await close();
    }
  });

  it('shows skeletons, never a 0, for cards and counts while a browse state opened in the app loads', async () => {
    const { page, close } = await openPage(browser(), { viewport: DESKTOP });
    const search = await watchSearchCalls(page, 'held');
    try {
      await page.goto('/about');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // wouter follows pushState: the app opens the browse page and asks for its results itself
      await page.evaluate("window.history.pushState(null, '', '/browse?search=protein')");
      await page.getByTestId('result-skeleton').first().waitFor();
      await page.getByTestId('facet-count-skeleton').first().waitFor();
      expect(search.calls.length).toBeGreaterThan(0);
      const tabs = page.getByRole('tablist');
      expect(await tabs.textContent()).not.toMatch(/\d/);
      const panel = filterPanel(page);
      expect(await panel.getByText('0', { exact: true }).count()).toBe(0);
      expect(await page.locator('[data-result-card]').count()).toBe(0);

      search.release();
      await page.locator('[data-result-card]').first().waitFor();
      expect(await page.getByTestId('facet-count-skeleton').count()).toBe(0);
    } finally {
      search.release();
      await close();
    }
  });
});
