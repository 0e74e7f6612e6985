import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, MOBILE, openPage, restAsVisitor } from './browser.ts';

const browser = useBrowser();

/** Records every CSP violation the page reports (the event fires even when nothing is logged). */
const WATCH_CSP = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;
/**
 * Violations other than zod's feature probe: zod tries `Function('')` once to learn whether it
 * may compile parsers, catches the refusal and parses without; the CSP is doing its job there.
 */
const cspViolations = async (page: Page) =>
  ((await page.evaluate('window.__cspViolations')) as string[]).filter((violation) => violation !== 'script-src eval');

/** The cards of a detail page, by their headings. */
async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('section h2').allTextContents();
}

/** A card's label → value rows. */
async function facts(page: Page, card: string): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: card, exact: true });
  const labels = await region.locator('dt').allTextContents();
  const values = await region.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]!]));
}

async function openDetail(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser(), options);
  await opened.page.addInitScript(WATCH_CSP);
  const response = await opened.page.goto(path);
  // The server's plain summary (same h1) shows until the app's first render replaces it.
  await opened.page.locator('#root > article').waitFor({ state: 'detached' });
  return { ...opened, response };
}

describe('detail pages', () => {
  it('shows a tool with every card of its page, its head tags, and related items', async () => {
    const { page, response, consoleErrors, close } = await openDetail('/tool/alphafold');
    try {
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'AlphaFold 2' }).waitFor();
      // The app replaced the server's plain summary: one h1, no leftover article.
      expect(await page.locator('h1').count()).toBe(1);

      expect(await page.getByText('Verified', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Google DeepMind · Software · Released 2021').isVisible()).toBe(true);
      const visit = page.getByRole('link', { name: 'Visit Website' });
      expect(await visit.getAttribute('href')).toBe('https://github.com/google-deepmind/alphafold');
      expect(await visit.getAttribute('target')).toBe('_blank');
      expect(await page.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse');

      const fields = page.getByRole('list', { name: 'Scientific fields' }).getByRole('link');
      expect(await fields.allTextContents()).toEqual(['Computational Biology', 'Biology', 'Drug Discovery']);
      expect(await fields.first().locator('svg').count()).toBe(1);

      expect(await cardTitles(page)).toEqual(
        expect.arrayContaining([
          'Key Features',
          'Competitive Advantages',
          'Tags',
          'Statistics',
          'Details',
          'Quick Links',
        ]),
      );
      // Views, saves and the trending score move as other tests use the site; their format is fixed.
      expect(await facts(page, 'Statistics')).toEqual({
        Views: expect.stringMatching(/^\d+(\.\d)?K$/),
        Saves: expect.stringMatching(/^10(\.\d)?K$/),
        'GitHub Stars': '13.8K',
        'Trending Score': expect.stringMatching(/^\d+(\.\d)?$/),
      });
      expect(await facts(page, 'Details')).toMatchObject({
        Pricing: 'Free',
        'API Available': 'No',
        // open source is derived from the licence (docs/product.md#facts)
        License: 'Apache-2.0 · Open source',
        'Organization Size': '1000+ employees',
      });
      const quickLinks = page.getByRole('region', { name: 'Quick Links' }).getByRole('link');
      expect(await quickLinks.allInnerTexts()).toEqual([
        expect.stringContaining('Official Website'),
        expect.stringContaining('GitHub Repository'),
      ]);

      const related = page.getByRole('region', { name: 'Related Items' }).getByRole('link');
      await related.first().waitFor();
      // Each summary shows at most three lines, the third ending in the ellipsis: no fourth line under it.
      const summaries = await related.evaluateAll((links) =>
        links.map((link) => {
          const summary = link.querySelector('[data-summary]');
          const style = summary && link.ownerDocument.defaultView?.getComputedStyle(summary);
          return {
            shown: summary?.getBoundingClientRect().height ?? 0,
            lineHeight: Number.parseFloat(style?.lineHeight ?? '0'),
          };
        }),
      );
      expect(summaries.length).toBeGreaterThan(0);
      for (const { shown, lineHeight } of summaries) expect(shown).toBeLessThanOrEqual(3 * lineHeight + 1);
      const hrefs = await related.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.length).toBeLessThanOrEqual(4);
      expect(hrefs).not.toContain('/tool/alphafold');

      expect(await page.title()).toBe('AlphaFold 2 — SciAI');
      const origin = new URL(page.url()).origin;
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/tool/alphafold`);
      expect(await page.locator('meta[property="og:title"]').count()).toBe(1);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd).toHaveLength(1);
      expect(JSON.parse(jsonLd[0]!)['@graph'][0]['@type']).toBe('SoftwareApplication');

      expect(await cspViolations(page)).toEqual([]);
      expect(consoleErrors.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a paper with its badge, authors, DOI and cards', async () => {
    const { page, close } = await openDetail('/paper/alphafold-2-paper');
    try {
      await page
        .getByRole('heading', { level: 1, name: 'Highly accurate protein structure prediction with AlphaFold' })
        .waitFor();
      expect(await page.getByText('Peer Reviewed', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Google DeepMind · Published 2021 · 38K citations').isVisible()).toBe(true);
      // the sample lists the first six authors only: the page says the list stops short
      expect(await page.getByLabel('Authors').textContent()).toBe(
        'John Jumper, Richard Evans, Alexander Pritzel, Tim Green, Michael Figurnov, Olaf Ronneberger et al.',
      );
      expect(await page.getByRole('link', { name: 'Read Paper' }).getAttribute('target')).toBe('_blank');
      expect(await cardTitles(page)).toEqual(
        expect.arrayContaining(['Abstract', 'Key Findings', 'Research Goals', 'Keywords', 'Publication Details']),
      );
      expect(await facts(page, 'Publication Details')).toMatchObject({
        Organization: 'Google DeepMind',
        'Publication Year': '2021',
        Citations: '38K',
      });
      const doi = page.getByRole('link', { name: /10\.1038\/s41586-021-03819-2/ });
      expect(await doi.getAttribute('href')).toBe('https://doi.org/10.1038/s41586-021-03819-2');
      expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a company with its overview and quick actions', async () => {
    const { page, close } = await openDetail('/company/isomorphic-labs');
    try {
      await page.getByRole('heading', { level: 1, name: 'Isomorphic Labs' }).waitFor();
      expect(await page.getByText('Verified', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Company · 201-1000 employees · Founded 2021').isVisible()).toBe(true);
      expect(await cardTitles(page)).toEqual(
        expect.arrayContaining([
          'Key Focus Areas',
          'Competitive Advantages',
          'Technologies & Focus Areas',
          'Company Overview',
          'Quick Actions',
        ]),
      );
      expect(await facts(page, 'Company Overview')).toMatchObject({
        'Profile Views': '231.1K',
        Followers: '7.7K',
        Type: 'Company',
        Size: '201-1000 employees',
        Founded: '2021',
        // facts that change say when they were true; the sample's are not dated yet
        'Funding Stage': 'Series Aundated',
        Employees: '201-500undated',
        Headquarters: 'London, United Kingdomundated',
      });
      const actions = page.getByRole('region', { name: 'Quick Actions' }).getByRole('link');
      // 'Visit Website' only: a 'View Team' link went to the same homepage, with no team behind it
      expect(await actions.allTextContents()).toEqual(['Visit Website (opens in a new tab)']);
      expect(await actions.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
        'https://www.isomorphiclabs.com',
      ]);
    } finally {
      await close();
    }
  });

  it('shows an AI agent with its capabilities and details', async () => {
    const { page, close } = await openDetail('/agent/chemcrow');
    try {
      await page.getByRole('heading', { level: 1, name: 'ChemCrow' }).waitFor();
      expect(await cardTitles(page)).toEqual(
        expect.arrayContaining(['Capabilities', 'Integration Options', 'Agent Details', 'Quick Links']),
      );
      expect(await facts(page, 'Agent Details')).toMatchObject({
        'Interaction Mode': 'Notebook',
        Pricing: 'Free',
        License: 'MIT · Open source',
      });
      expect(await page.getByText('EPFL · AI Agent · Released 2023').isVisible()).toBe(true);
      expect(await page.getByRole('region', { name: 'Capabilities' }).getByRole('listitem').first().textContent()).toBe(
        'Synthesis planning',
      );
    } finally {
      await close();
    }
  });

  it('says "source available" for a licence that is not OSI-approved, and claims nothing for an unknown one', async () => {
    const { page, close } = await openDetail('/tool/alphafold-3');
    try {
      await page.getByRole('heading', { level: 1, name: 'AlphaFold 3' }).waitFor();
      expect(await facts(page, 'Details')).toMatchObject({ License: 'CC-BY-NC-SA-4.0 · Source available' });
      expect(Object.keys(await facts(page, 'Details'))).not.toContain('Open Source');
    } finally {
      await close();
    }
    const unknown = await openDetail('/tool/esm3');
    try {
      await unknown.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await facts(unknown.page, 'Details')).toMatchObject({ License: 'Cambrian Non-Commercial License' });
    } finally {
      await unknown.close();
    }
  });

  it('fits a phone screen', async () => {
    const { page, close } = await openDetail('/tool/alphafold', { viewport: MOBILE });
    try {
      await page.getByRole('heading', { name: 'Quick Links' }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await close();
    }
  });
});

describe('unknown and misplaced items', () => {
  it('answers an unknown slug with the 404 page, a way back and similar items', async () => {
    const { page, response, close } = await openDetail('/tool/alphafoldd');
    try {
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse');
      const suggestions = page.getByRole('region', { name: 'Were you looking for one of these?' }).getByRole('link');
      await suggestions.first().waitFor();
      expect(await suggestions.count()).toBeLessThanOrEqual(3);
      expect(await suggestions.first().getAttribute('href')).toBe('/tool/alphafold');
      await suggestions.first().click();
      await page.getByRole('heading', { level: 1, name: 'AlphaFold 2' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tool/alphafold');
    } finally {
      await close();
    }
  });

  it('sends an item opened under another type path to its own (server 301 and in-app redirect)', async () => {
    const { page, close } = await openDetail('/paper/alphafold');
    try {
      await page.getByRole('heading', { level: 1, name: 'AlphaFold 2' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tool/alphafold');

      // In the app, without a page load: the client redirect.
      await page.evaluate(
        `history.pushState(null, '', '/tool/chemcrow'); dispatchEvent(new PopStateEvent('popstate'))`,
      );
      await page.getByRole('heading', { level: 1, name: 'ChemCrow' }).waitFor();
      await page.waitForURL('**/agent/chemcrow');
    } finally {
      await close();
    }
  });
});

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
