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

  // docs/product.md#browse-cards, #browse-sort, #compare; ratings written as the reviews' triggers would
  it('sorts by rating, filters Rated 4★ and up, and shows the rating on cards, rows, the quick view and compare', async () => {
    const ids = await itemIds([RATED_SLUG, OTHERS_ONLY_SLUG]);
    await restAsService('item_ratings', {
      method: 'POST',
      headers: { prefer: 'return=minimal,resolution=merge-duplicates' },
      body: JSON.stringify([
        {
          content_id: ids[RATED_SLUG],
          verified_count: 12,
          verified_average: 4.62,
          rating_score: 4.4,
          other_count: 3,
          other_average: 3.67,
        },
        {
          content_id: ids[OTHERS_ONLY_SLUG],
          verified_count: 0,
          verified_average: null,
          rating_score: null,
          other_count: 2,
          other_average: 5,
        },
      ]),
    });
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: DESKTOP });
    try {
      await page.goto('/browse?sort=highest_rated&feature=rated_4_up');
      await showing(page, 1, 1);
      const card = page.getByRole('article');
      await card.getByText('4.6 ★ (12)').waitFor();
      expect(await card.textContent()).toContain('Rated 4.6 out of 5 by 12 ORCID-verified reviewers');
      await page
        .getByRole('button', { name: /Rated 4★ and up/ })
        .first()
        .waitFor();
      await page.getByRole('checkbox', { name: /Rated 4★ and up/ }).waitFor();

      await page.goto('/browse?sort=highest_rated&view=list');
      await page.getByText(/^Showing 1-/).waitFor();
      const rows = page.getByRole('article');
      expect(await rows.first().getByRole('heading').textContent()).toBe(await titleOf(RATED_SLUG));
      await rows.first().getByText('4.6 ★ (12)').waitFor();
      await rows
        .first()
        .getByRole('button', { name: /^Quick view/ })
        .click();
      await page
        .getByRole('dialog')
        .locator('[data-metric="Rating"]')
        .getByText('12 ORCID-verified reviewers', { exact: true })
        .waitFor();
      await page.keyboard.press('Escape');

      // other reviews alone put nothing on a card: no zeros, no empty stars
      await page.goto(`/browse?search=${OTHERS_ONLY_SLUG}`);
      const othersOnly = page.getByRole('article').first();
      expect(await othersOnly.getByRole('heading').textContent()).toBe(await titleOf(OTHERS_ONLY_SLUG));
      expect(await othersOnly.textContent()).not.toMatch(/★|Rated/);

      await page.goto(`/compare?items=${RATED_SLUG},${OTHERS_ONLY_SLUG}`);
      const ratingRow = page.locator('tr[data-row="rating"]');
      await ratingRow.getByText('4.6 ★ from 12 ORCID-verified reviewers').waitFor();
      expect(await ratingRow.textContent()).toContain('3.7 ★ from 3 other reviewers');
      expect(await ratingRow.textContent()).toContain('5.0 ★ from 2 other reviewers');
      expect(consoleErrors).toEqual([]);
    } finally {
      await restAsService(`item_ratings?content_id=in.(${Object.values(ids).join(',')})`, { method: 'DELETE' });
      await close();
    }
  });
});

/** Items no other browse test rates. */
const RATED_SLUG = 'deeplabcut';
const OTHERS_ONLY_SLUG = 'cellpose';

async function itemIds(slugs: string[]): Promise<Record<string, string>> {
  const rows = (await (
    await restAsService(`content_items?slug=in.(${slugs.join(',')})&select=id,slug`)
  ).json()) as Array<{
    id: string;
    slug: string;
  }>;
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
}

async function titleOf(slug: string): Promise<string> {
  const rows = (await (await restAsService(`content_items?slug=eq.${slug}&select=title`)).json()) as Array<{
    title: string;
  }>;
  return rows[0]!.title;
}

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
