import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FALLBACK_DOMAINS, formatCount } from '@sciai/core';
import { countAsVisitor, useBrowser, MOBILE, openPage, restAsVisitor } from './browser.ts';

const browser = useBrowser();

const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

/** Published items in a domain, counted by the Data API exactly as a visitor may see them. */
const publishedInDomain = (slug: string) =>
  countAsVisitor(
    `content_items?select=id,content_domains!inner(scientific_domains!inner(slug))&content_domains.scientific_domains.slug=eq.${slug}`,
  );

describe('home page', () => {
  it('shows a card for every scientific field with its live count of published items', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/');
      const fields = page.getByRole('region', { name: 'Explore by Scientific Field' });
      const chemistry = fields.getByRole('link', { name: /^Chemistry\b/ });
      await chemistry.waitFor();

      const expected = await publishedInDomain('chemistry');
      expect(expected).toBeGreaterThan(0);
      await expect.poll(() => chemistry.textContent()).toContain(`${formatCount(expected)} items`);
      // polled: the first paint's plain cards are replaced by the app's list once it has loaded
      const domains = await countAsVisitor('scientific_domains?select=id');
      await expect.poll(() => fields.getByRole('listitem').count()).toBe(domains);

      await chemistry.click();
      await page.waitForURL('**/browse?domain=chemistry');
      await page.getByText(`Showing 1-${Math.min(20, expected)} of ${expected}`, { exact: true }).waitFor();
    } finally {
      await close();
    }
  });

  it('falls back to the built-in fields, without counts, when the counts cannot load, and logs why', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      // A 500 (not a 503, which supabase-js retries itself before reporting it).
      await page.route('**/rest/v1/domain_counts**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"database unavailable"}' }),
      );
      // The landing's own HTML carries the counts: opened from another page, the app asks for them.
      await page.goto('/about');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.evaluate("window.history.pushState(null, '', '/')");
      const fields = page.getByRole('region', { name: 'Explore by Scientific Field' });
      await fields.getByRole('link', { name: /^Computational Biology\b/ }).waitFor();
      expect(await fields.getByRole('listitem').count()).toBe(FALLBACK_DOMAINS.length);
      for (const domain of FALLBACK_DOMAINS) {
        const card = fields.getByRole('link', { name: new RegExp(`^${domain.name}\\b`) });
        expect(await card.textContent()).not.toMatch(/\d+ items?\b/);
        expect(await card.getAttribute('href')).toBe(`/browse?domain=${domain.slug}`);
      }
      expect(consoleErrors.some((message) => message.includes('domain counts'))).toBe(true);
    } finally {
      await close();
    }
  });

  it('counts up to 82% in the headline', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/');
      const headline = page.getByRole('heading', { level: 1, name: '82% of scientists don’t use AI effectively' });
      await headline.waitFor();
      const figure = headline.locator('[aria-hidden]');
      // The visible figure animates from 0 and settles on 82% after 2.5 seconds (docs/product.md#landing-counter).
      expect(Number.parseInt((await figure.textContent()) ?? '', 10)).toBeLessThan(82);
      await expect.poll(() => figure.textContent(), { timeout: 5_000 }).toBe('82%');
    } finally {
      await close();
    }
  });

  it('shows 82% at once when the visitor prefers reduced motion', async () => {
    const { page, close } = await openPage(browser(), { reducedMotion: 'reduce' });
    try {
      await page.goto('/');
      const headline = page.getByRole('heading', { level: 1, name: '82% of scientists don’t use AI effectively' });
      await headline.waitFor();
      expect(await headline.locator('[aria-hidden]').textContent()).toBe('82%');
    } finally {
      await close();
    }
  });
});

describe('navigation search', () => {
  it('sends the trimmed text to /browse?search= and lists the matches', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/about');
      const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search the catalog' });
      expect(await search.getAttribute('placeholder')).toBe('Search AI tools, papers, researchers...');

      await search.fill('   ');
      await search.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/about');

      await search.fill('  protein structure  ');
      await search.press('Enter');
      await page.waitForURL('**/browse?search=protein%20structure');

      // Browse searches through the database's search function (full-text, typo-tolerant).
      const answer = await restAsVisitor('rpc/search_items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ search: 'protein structure' }),
      });
      const expected = ((await answer.json()) as { total: number }).total;
      expect(expected).toBeGreaterThan(0);
      await page.getByText(`Showing 1-${Math.min(20, expected)} of ${expected}`, { exact: true }).waitFor();
      expect(await page.getByRole('article').count()).toBe(Math.min(20, expected));
      expect(await page.getByRole('searchbox', { name: 'Search AI tools' }).inputValue()).toBe('protein structure');
    } finally {
      await close();
    }
  });
});

describe('theme', () => {
  it('follows the system by default', async () => {
    const { page, close } = await openPage(browser(), { colorScheme: 'dark' });
    try {
      await page.goto('/');
      expect(await schemeOf(page)).toBe('dark');
    } finally {
      await close();
    }
  });

  it('remembers the choice across reloads and applies it before the app runs', async () => {
    const { page, close } = await openPage(browser(), { colorScheme: 'light' });
    try {
      await page.goto('/');
      expect(await schemeOf(page)).toBe('light');

      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await page.getByRole('menuitem', { name: 'Dark' }).click();
      expect(await schemeOf(page)).toBe('dark');

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await schemeOf(page)).toBe('dark');
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await page.getByRole('menuitem', { name: 'Dark (current)' }).waitFor();
      await page.keyboard.press('Escape');

      // No flash of the light theme: with the app's own scripts blocked, the page is already dark.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      // the app did not run: the root holds only the gateway's plain-HTML hero, none of its controls
      expect(await page.getByRole('button', { name: 'Toggle theme' }).count()).toBe(0);
      expect(await schemeOf(page)).toBe('dark');
      const background = String(await page.evaluate('getComputedStyle(document.body).backgroundColor'));
      const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
      expect(Math.max(red, green, blue), `body background ${background}`).toBeLessThan(80);
    } finally {
      await close();
    }
  });
});

describe('unknown paths', () => {
  it('answer HTTP 404 with the not-found page and log the path as a warning, not an error', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    try {
      const response = await page.goto('/no-such-page/here');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
      expect(await page.title()).toBe('Page not found — SciAI');
      expect(warnings).toContain('404: no page at /no-such-page/here');
      // the browser's own note of the 404 answer is all the console's errors may hold
      expect(consoleErrors.filter((message) => !message.startsWith('Failed to load resource'))).toEqual([]);

      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: /of scientists/ }).waitFor();
    } finally {
      await close();
    }
  });
});

describe('mobile menu at 375px', () => {
  it('opens from the burger, navigates and closes', async () => {
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto('/');
      const mainNav = page.getByRole('navigation', { name: 'Main' });
      expect(await mainNav.isVisible()).toBe(false);

      const burger = page.getByRole('button', { name: 'Open menu' });
      expect(await burger.getAttribute('aria-expanded')).toBe('false');
      await burger.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.getByRole('searchbox', { name: 'Search the catalog' }).getAttribute('placeholder')).toBe(
        'Search AI tools...',
      );
      expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/signin');
      expect(await menu.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/auth/signup');

      await menu.getByRole('link', { name: 'Browse' }).click();
      await page.waitForURL('**/browse');
      await page.getByRole('heading', { level: 1, name: 'Browse AI Tools' }).waitFor();
      await menu.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');

      // The page fits the screen: nothing scrolls sideways.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await close();
    }
  });

  it('searches from the menu', async () => {
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('searchbox', { name: 'Search the catalog' }).fill('AlphaFold');
      await menu.getByRole('searchbox', { name: 'Search the catalog' }).press('Enter');
      await page.waitForURL('**/browse?search=AlphaFold');
      await menu.waitFor({ state: 'hidden' });
      await page
        .getByRole('heading', { level: 2, name: /AlphaFold/ })
        .first()
        .waitFor();
    } finally {
      await close();
    }
  });
});
