import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage, restAsVisitor, setSiteSetting } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SearchAnswer {
  total: number;
  facets: { content_types: Record<string, number>; domains: Record<string, number>; features: Record<string, number> };
  items: Array<{ slug: string; title: string }>;
  corrected_search?: string;
  suggestion?: string;
}

/** The database's own answer for a browse state, as a visitor's browser would get it. */
async function searchAsVisitor(args: Record<string, unknown> = {}): Promise<SearchAnswer> {
  const response = await restAsVisitor('rpc/search_items', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`search_items: ${response.status} ${await response.text()}`);
  return (await response.json()) as SearchAnswer;
}

const showing = (page: Page, shown: number, total: number) =>
  page.getByText(`Showing 1-${Math.min(shown, total)} of ${total}`, { exact: true }).waitFor();
const query = (page: Page) => new URL(page.url()).searchParams;
const filterPanel = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

describe('browse page', () => {
  it('lists the catalog 20 at a time, most trending first, and loads 20 more in place', async () => {
    const all = await searchAsVisitor();
    expect(all.total).toBeGreaterThan(40);
    const { page, consoleErrors, close } = await openPage(browser);
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

  it('searches from the navigation bar, with the query in the URL and the box', async () => {
    const expected = await searchAsVisitor({ search: 'protein structure' });
    expect(expected.total).toBeGreaterThan(0);
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/about');
      const nav = page.getByRole('banner').getByRole('searchbox', { name: 'Search the catalog' });
      await nav.fill('  protein structure ');
      await nav.press('Enter');
      await page.waitForURL('**/browse?search=protein%20structure');
      await showing(page, 20, expected.total);
      expect(await page.getByRole('searchbox', { name: 'Search AI tools' }).inputValue()).toBe('protein structure');
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(expected.items[0]?.title);
    } finally {
      await close();
    }
  });

  it('follows typing in the search box after a pause, replacing the history entry', async () => {
    const expected = await searchAsVisitor({ search: 'crystal' });
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse');
      await page.getByText(/^Showing 1-/).waitFor();
      const historyLength = await page.evaluate('history.length');
      await page.getByRole('searchbox', { name: 'Search AI tools' }).pressSequentially('crystal', { delay: 40 });
      await page.waitForURL('**/browse?search=crystal');
      await showing(page, 20, expected.total);
      expect(await page.evaluate('history.length')).toBe(historyLength);
    } finally {
      await close();
    }
  });

  it('shows each content type with its count in the tabs, and switches type', async () => {
    const all = await searchAsVisitor();
    const papers = all.facets.content_types.paper ?? 0;
    expect(papers).toBeGreaterThan(20);
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse');
      await showing(page, 20, all.total);
      const tabs = page.getByRole('tablist', { name: 'Content type' });
      const labels = ['All Content', 'Software & Tools', 'Research Papers', 'Companies', 'AI Agents'];
      const counts = [all.total, ...['software', 'paper', 'company', 'agent'].map((type) => all.facets.content_types[type] ?? 0)];
      for (const [index, label] of labels.entries()) {
        expect(await tabs.getByRole('tab').nth(index).textContent()).toBe(`${label}${counts[index]}`);
      }
      expect(await tabs.getByRole('tab', { name: /^All Content/ }).getAttribute('aria-selected')).toBe('true');

      await tabs.getByRole('tab', { name: /^Research Papers/ }).click();
      await page.waitForURL('**/browse?type=paper');
      await showing(page, 20, papers);
      expect(await page.getByRole('article').getByText('Paper', { exact: true }).count()).toBe(20);
      expect(await tabs.getByRole('tab', { name: /^Research Papers/ }).getAttribute('aria-selected')).toBe('true');
    } finally {
      await close();
    }
  });

  it('filters by a domain and a feature, shows them as chips, removes one, and clears all', async () => {
    const biology = await searchAsVisitor({ domains: ['biology'] });
    const both = await searchAsVisitor({ domains: ['biology'], features: ['verified'] });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(biology.total);
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse');
      await page.getByText(/^Showing 1-/).waitFor();
      const panel = filterPanel(page);
      expect(await panel.getByRole('button', { name: 'Clear All' }).count()).toBe(0);

      await panel.getByRole('checkbox', { name: /^Biology/ }).check();
      await page.waitForURL('**/browse?domain=biology');
      await showing(page, 20, biology.total);
      // The feature counts are those within Biology.
      await expect
        .poll(() => panel.locator('label', { hasText: 'SciAI Verified' }).textContent())
        .toBe(`SciAI Verified${biology.facets.features.verified}`);

      await panel.getByRole('checkbox', { name: /^SciAI Verified/ }).check();
      await page.waitForURL('**/browse?domain=biology&feature=verified');
      await showing(page, 20, both.total);
      const chips = panel.getByRole('group', { name: 'Active filters' });
      await chips.getByRole('button', { name: 'Remove filter: Biology' }).waitFor();
      await chips.getByRole('button', { name: 'Remove filter: SciAI Verified' }).waitFor();

      await chips.getByRole('button', { name: 'Remove filter: Biology' }).click();
      await page.waitForURL('**/browse?feature=verified');
      expect(await panel.getByRole('checkbox', { name: /^Biology/ }).isChecked()).toBe(false);
      const verified = await searchAsVisitor({ features: ['verified'] });
      await showing(page, 20, verified.total);

      await panel.getByRole('button', { name: 'Clear All' }).click();
      await page.waitForURL((url) => url.pathname === '/browse' && url.search === '');
      await showing(page, 20, (await searchAsVisitor()).total);
      expect(await panel.getByRole('button', { name: 'Clear All' }).count()).toBe(0);
      expect(await panel.getByRole('group', { name: 'Active filters' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('narrows the query with Search Within Results, and works from the keyboard', async () => {
    const query = await searchAsVisitor({ search: 'protein' });
    const narrowed = await searchAsVisitor({ search: 'protein alphafold' });
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(query.total);
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse?search=protein');
      await showing(page, 20, query.total);
      const panel = filterPanel(page);
      await panel.getByRole('searchbox', { name: 'Search Within Results' }).fill('alphafold');
      await page.waitForURL('**/browse?search=protein&within=alphafold');
      await showing(page, 20, narrowed.total);
      await panel.getByRole('button', { name: 'Remove filter: Within results: alphafold' }).waitFor();

      // A filter changed with the keyboard keeps the focus where it was.
      const biology = panel.getByRole('checkbox', { name: /^Biology/ });
      await biology.focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.searchParams.get('domain') === 'biology');
      expect(await biology.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);

      await panel.getByRole('button', { name: 'Clear search within results' }).click();
      await page.waitForURL((url) => !url.searchParams.has('within') && url.searchParams.get('search') === 'protein');
    } finally {
      await close();
    }
  });

  it('keeps every filter, the sort and the view in the URL, and restores them with back and forward', async () => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse?domain=Drug%20Discovery&domain=genomics&size=enterprise&sort=alphabetical&view=list');
      const expected = await searchAsVisitor({
        domains: ['drug_discovery', 'genomics'],
        organization_sizes: ['enterprise'],
        sort_by: 'alphabetical',
      });
      await showing(page, 20, expected.total);
      const panel = filterPanel(page);
      expect(await panel.getByRole('checkbox', { name: /^Drug Discovery/ }).isChecked()).toBe(true);
      expect(await panel.getByRole('checkbox', { name: /^Genomics/ }).isChecked()).toBe(true);
      expect(await panel.getByRole('checkbox', { name: /^Enterprise \(1000\+\)/ }).isChecked()).toBe(true);
      expect(await panel.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('Alphabetical');
      expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(expected.items[0]?.title);

      // Three changes, three history entries.
      await page.getByRole('button', { name: 'Grid view' }).click();
      await page.waitForURL((url) => !url.searchParams.has('view'));
      await panel.getByRole('combobox', { name: 'Sort By' }).click();
      await page.getByRole('option', { name: 'Most Saved' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'most_saved');
      await page.getByRole('tab', { name: /^Companies/ }).click();
      await page.waitForURL((url) => url.searchParams.get('type') === 'company');
      expect(query(page).getAll('domain')).toEqual(['drug_discovery', 'genomics']);

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('type'));
      expect(await page.getByRole('tab', { name: /^All Content/ }).getAttribute('aria-selected')).toBe('true');
      expect(await panel.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('Most Saved');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'alphabetical');
      await expect.poll(() => panel.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('Alphabetical');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('view') === 'list');
      expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
      await showing(page, 20, expected.total);

      await page.goForward();
      await page.waitForURL((url) => !url.searchParams.has('view') && url.searchParams.get('sort') === 'alphabetical');
      expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');
      expect(await panel.getByRole('checkbox', { name: /^Genomics/ }).isChecked()).toBe(true);
    } finally {
      await close();
    }
  });

  it('corrects a misspelt query, keeping what was typed in the URL', async () => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse?search=protien%20foldng');
      const note = page.getByTestId('corrected-search');
      await note.waitFor();
      expect(await note.textContent()).toBe('Showing results for protein folding');
      await page.getByRole('article').filter({ hasText: 'AlphaFold' }).first().waitFor();
      expect(query(page).get('search')).toBe('protien foldng');
      expect(await page.getByRole('searchbox', { name: 'Search AI tools' }).inputValue()).toBe('protien foldng');
    } finally {
      await close();
    }
  });

  it('shows the empty state for a query nothing matches, and offers a correction when there is one', async () => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`/browse?search=${encodeURIComponent('qwxzv %,(_)"\\ plokmn')}`);
      await page.getByRole('heading', { name: 'No results found' }).waitFor();
      for (const suggestion of ['Check your spelling', 'Use more general terms', 'Remove some filters', 'Try different keywords']) {
        await page.getByText(suggestion).waitFor();
      }
      expect(await page.getByText(/^Showing 1-/).count()).toBe(0);

      // Misspelt and filtered to nothing: the search offers its correction instead.
      const answer = await searchAsVisitor({ search: 'protien foldng', domains: ['physics'] });
      expect(answer.total).toBe(0);
      expect(answer.suggestion).toBe('protein folding');
      await page.goto('/browse?search=protien%20foldng&domain=physics');
      await page.getByRole('heading', { name: 'No results found' }).waitFor();
      await page.getByRole('link', { name: 'protein folding' }).click();
      await page.waitForURL((url) => url.searchParams.get('search') === 'protein folding');
      expect(query(page).get('domain')).toBe('physics');
    } finally {
      await close();
    }
  });

  it('opens a quick view of a result and closes it with Escape', async () => {
    const all = await searchAsVisitor();
    const top = all.items[0]!;
    const { page, close } = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
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
      await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe(`Quick view: ${top.title}`);
    } finally {
      await close();
    }
  });

  it('shows six loading cards on a phone while results load', async () => {
    const { page, close } = await openPage(browser, { viewport: MOBILE });
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/rest/v1/rpc/search_items**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/browse');
      await page.getByTestId('result-skeleton').first().waitFor();
      expect(await page.getByTestId('result-skeleton').count()).toBe(6);
      release();
      await page.getByText(/^Showing 1-/).waitFor();
    } finally {
      await close();
    }
  });

  it('puts the filters in a bottom drawer at 375px, and nothing overflows', async () => {
    const biology = await searchAsVisitor({ domains: ['biology'] });
    const { page, close } = await openPage(browser, { viewport: MOBILE });
    try {
      await page.goto('/browse');
      await page.getByText(/^Showing 1-/).waitFor();
      expect(await filterPanel(page).count()).toBe(0);

      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.waitFor();
      for (const section of ['Scientific Domains', 'Features & Verification', 'Organization Size']) {
        expect(await drawer.getByRole('button', { name: section }).getAttribute('aria-expanded')).toBe('true');
      }
      await drawer.getByRole('searchbox', { name: 'Search Within Results' }).waitFor();
      await drawer.getByRole('checkbox', { name: /^Biology/ }).check();
      await page.waitForURL('**/browse?domain=biology');
      await drawer.getByRole('button', { name: `Show ${biology.total} results` }).click();
      await drawer.waitFor({ state: 'hidden' });

      await showing(page, 20, biology.total);
      await page.getByRole('button', { name: 'Remove filter: Biology' }).waitFor();
      expect(await page.getByRole('button', { name: /^Filters/ }).textContent()).toBe('Filters1 active');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

      // The quick view is a drawer too, with long lists cut short.
      await page.getByRole('button', { name: /^Quick view/ }).first().click();
      const quickView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Overview' }) });
      await quickView.waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      await page.keyboard.press('Escape');
      await quickView.waitFor({ state: 'hidden' });
    } finally {
      await close();
    }
  });

  it('shows the sample-data banner only while the site setting is on', async () => {
    const response = await restAsVisitor('rpc/public_site_settings', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const settings = (await response.json()) as { sample_data_banner?: boolean };
    const { page, close } = await openPage(browser, { viewport: DESKTOP });
    try {
      await setSiteSetting('sample_data_banner', true);
      await page.goto('/browse');
      await page.getByRole('alert').filter({ hasText: 'sample/demo data' }).waitFor();

      await setSiteSetting('sample_data_banner', false);
      await page.reload();
      await page.getByText(/^Showing 1-/).waitFor();
      expect(await page.getByText('sample/demo data').count()).toBe(0);
    } finally {
      await setSiteSetting('sample_data_banner', settings.sample_data_banner ?? false);
      await close();
    }
  });
});
