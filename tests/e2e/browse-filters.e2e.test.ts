import { describe, expect, it } from 'vitest';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { searchAsVisitor, showing, query, filterPanel } from './browse-support.ts';

const browser = useBrowser();

describe('browse filters', () => {
  it('shows each content type with its count in the tabs, and switches type', async () => {
    const all = await searchAsVisitor();
    const papers = all.facets.content_types.paper ?? 0;
    expect(papers).toBeGreaterThan(20);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse');
      await showing(page, 20, all.total);
      const tabs = page.getByRole('tablist', { name: 'Content type' });
      const labels = ['All Content', 'Software & Tools', 'Research Papers', 'Companies', 'AI Agents'];
      const counts = [
        all.total,
        ...['software', 'paper', 'company', 'agent'].map((type) => all.facets.content_types[type] ?? 0),
      ];
      for (const [index, label] of labels.entries()) {
        expect(await tabs.getByRole('tab').nth(index).textContent()).toBe(
          `${label}${counts[index]!.toLocaleString('en-US')}`,
        );
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
    const { page, close } = await openPage(browser());
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

  it('keeps every filter, the sort and the view in the URL, and restores them with back and forward', async () => {
    const { page, close } = await openPage(browser());
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
      expect(await page.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('Alphabetical');
      expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(expected.items[0]?.title);

      // Three changes, three history entries.
      await page.getByRole('button', { name: 'Grid view' }).click();
      await page.waitForURL((url) => !url.searchParams.has('view'));
      await page.getByRole('combobox', { name: 'Sort By' }).click();
      await page.getByRole('option', { name: 'Most Saved' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'most_saved');
      await page.getByRole('tab', { name: /^Companies/ }).click();
      await page.waitForURL((url) => url.searchParams.get('type') === 'company');
      expect(query(page).getAll('domain')).toEqual(['drug_discovery', 'genomics']);

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('type'));
      expect(await page.getByRole('tab', { name: /^All Content/ }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('Most Saved');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'alphabetical');
      await expect.poll(() => page.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('Alphabetical');
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

  it('puts the filters in a bottom drawer at 375px, and nothing overflows', async () => {
    const biology = await searchAsVisitor({ domains: ['biology'] });
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
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
      await drawer.getByRole('button', { name: `Show ${biology.total.toLocaleString('en-US')} results` }).click();
      await drawer.waitFor({ state: 'hidden' });

      await showing(page, 20, biology.total);
      await page.getByRole('button', { name: 'Remove filter: Biology' }).waitFor();
      expect(await page.getByRole('button', { name: /^Filters/ }).textContent()).toBe('Filters1 active');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

      // The quick view is a drawer too, with long lists cut short.
      await page
        .getByRole('button', { name: /^Quick view/ })
        .first()
        .click();
      const quickView = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Overview' }) });
      await quickView.waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      await page.keyboard.press('Escape');
      await quickView.waitFor({ state: 'hidden' });
    } finally {
      await close();
    }
  });
});
