import { describe, expect, it } from 'vitest';
import { useBrowser, MOBILE } from './browser.ts';
import {
  cardTitles,
  cspViolations,
  facts,
  openDetail as openDetailPage,
  type DetailOptions,
} from './detail-support.ts';

const browser = useBrowser();
const openDetail = (path: string, options: DetailOptions = {}) => openDetailPage(browser(), path, options);

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
      // Views, saves and the trending score count real use (from 0) as other tests use the site;
      // their format is fixed. No stars: no source gives AlphaFold's with a date (docs/product.md#facts).
      expect(await facts(page, 'Statistics')).toEqual({
        Views: expect.stringMatching(/^\d+(\.\d)?K?$/),
        Saves: expect.stringMatching(/^\d+(\.\d)?K?$/),
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
      // no citations without their source and date (docs/product.md#facts)
      expect(await page.getByText('Google DeepMind · Published 2021', { exact: true }).isVisible()).toBe(true);
      // the sample lists the first six authors only: the page says the list stops short
      expect(await page.getByLabel('Authors').textContent()).toBe(
        'John Jumper, Richard Evans, Alexander Pritzel, Tim Green, Michael Figurnov, Olaf Ronneberger et al.',
      );
      expect(await page.getByRole('link', { name: 'Read Paper' }).getAttribute('target')).toBe('_blank');
      expect(await cardTitles(page)).toEqual(
        expect.arrayContaining(['Abstract', 'Key Findings', 'Research Goals', 'Keywords', 'Publication Details']),
      );
      const publication = await facts(page, 'Publication Details');
      expect(publication).toMatchObject({ Organization: 'Google DeepMind', 'Publication Year': '2021' });
      expect(publication).not.toHaveProperty('Citations');
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
      // the follower count arrives once the session is known (docs/product.md#follow-button)
      await page.getByRole('status', { name: 'Loading followers' }).waitFor({ state: 'detached' });
      const overview = await facts(page, 'Company Overview');
      expect(overview).toMatchObject({
        // real use, from 0 (other tests may have viewed or saved it)
        'Profile Views': expect.stringMatching(/^\d+(\.\d)?K?$/),
        Followers: expect.stringMatching(/^\d+(\.\d)?K?$/),
        Type: 'Company',
        Size: '201-1000 employees',
        Founded: '2021',
        // facts that change say when they were true; the sample's are not dated yet
        Headquarters: 'London, United Kingdomundated',
      });
      // funding stage and size are shown only with their date and source (docs/product.md#facts)
      expect(overview).not.toHaveProperty('Funding Stage');
      expect(overview).not.toHaveProperty('Employees');
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
