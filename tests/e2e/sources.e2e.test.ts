import { describe, expect, it } from 'vitest';
import { mapGithubRepo } from '../../core/src/sources/github/map-repo.ts';
import { withLiveRecord } from '../../core/src/sources/live-records.ts';
import { applyProseRule } from '../../core/src/sources/source-prose.ts';
import { axeViolations } from '../support/axe.ts';
import { MOBILE, openPage, restAsService, useBrowser } from './browser.ts';
import { cspViolations, facts, openDetail as openDetailPage, type DetailOptions } from './detail-support.ts';

const browser = useBrowser();
const openDetail = (path: string, options: DetailOptions = {}) => openDetailPage(browser(), path, options);

/** The Sources card's record links: text and address. */
async function sourceLinks(page: Awaited<ReturnType<typeof openDetail>>['page']) {
  const links = page.getByRole('region', { name: 'Sources', exact: true }).getByRole('link');
  const texts = await links.allInnerTexts();
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
  return texts.map((text, i) => [text.replace(/\s*\(opens in a new tab\)/, '').trim(), hrefs[i]]);
}

describe('sources on detail pages (docs/product.md#sources)', () => {
  it('shows a share-alike source, its copied description and the packages it names', async () => {
    const { page, consoleErrors, close } = await openDetail('/tool/chemdataextractor');
    try {
      const sources = page.getByRole('region', { name: 'Sources', exact: true });
      await sources.waitFor();
      expect(await sourceLinks(page)).toEqual([
        [
          'best-of-atomistic-machine-learning',
          expect.stringMatching(/^https:\/\/github\.com\/JuDFTteam\/best-of-atomistic-machine-learning\/blob\/07d5a42/),
        ],
      ]);
      const text = await sources.innerText();
      expect(text).toContain('CC BY-SA 4.0 (share-alike) · snapshot of 2026-08-22');
      expect(text).toContain('Description from best-of-atomistic-machine-learning (CC BY-SA 4.0).');
      expect(text).toContain('best-of-atomistic-machine-learning is shared alike');

      expect(await facts(page, 'From the sources')).toMatchObject({
        PyPI: expect.stringContaining('chemdataextractor'),
        conda: expect.stringContaining('chemdataextractor/chemdataextractor'),
        'Latest release': '1.3.0 (2017-02-03)',
      });
      const packages = page.getByRole('region', { name: 'From the sources' }).getByRole('link');
      expect(await packages.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')))).toEqual([
        'https://pypi.org/project/chemdataextractor/',
        'https://anaconda.org/chemdataextractor/chemdataextractor',
      ]);
      expect(consoleErrors).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a bio.tools record with what the tool does, on a phone without sideways scrolling', async () => {
    const { page, close } = await openDetail('/tool/14-3-3-pred', { viewport: MOBILE });
    try {
      await page.getByRole('region', { name: 'Sources', exact: true }).waitFor();
      expect(await sourceLinks(page)).toEqual([['bio.tools', 'https://bio.tools/1433pred']]);
      const text = await page.getByRole('region', { name: 'Sources', exact: true }).innerText();
      expect(text).toContain('CC BY 4.0 · snapshot of 2021-03-10');
      expect(text).toContain('Description from bio.tools (CC BY 4.0).');
      expect(text).not.toContain('shared alike');
      expect(await facts(page, 'From the sources')).toMatchObject({
        'What it does': 'Protein sequence analysis, Protein binding site prediction',
        'Tool types': 'Web application',
      });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await close();
    }
  });

  it('tells a live record, dated by its last fetch, from the snapshot’s record beside it', async () => {
    const [tool] = (await (await restAsService('content_items?slug=eq.14-3-3-pred&select=id')).json()) as Array<{
      id: string;
    }>;
    const record = `content_id=eq.${tool!.id}&source=eq.biotools-api`;
    // what `sciai harvest biotools` writes when it finds the tool again (commit_harvest_page)
    await restAsService('item_sources', {
      method: 'POST',
      headers: { prefer: 'return=minimal' },
      body: JSON.stringify({
        content_id: tool!.id,
        source: 'biotools-api',
        record_id: '1433pred',
        record_url: 'https://bio.tools/1433pred',
        fetched_at: '2026-12-01T10:00:00Z',
      }),
    });
    const { page, close } = await openDetail('/tool/14-3-3-pred');
    try {
      const sources = page.getByRole('region', { name: 'Sources', exact: true });
      await sources.waitFor();
      // the page's own copy of the item is kept a few seconds (the test above read it)
      await expect
        .poll(
          async () => {
            await page.reload();
            await sources.waitFor();
            return (await sourceLinks(page)).length;
          },
          { interval: 1_000 },
        )
        .toBe(2);
      expect(await sourceLinks(page)).toEqual([
        ['bio.tools', 'https://bio.tools/1433pred'],
        ['bio.tools API', 'https://bio.tools/1433pred'],
      ]);
      const lines = await sources.getByRole('listitem').allInnerTexts();
      expect(lines[0]).toContain('CC BY 4.0 · snapshot of 2021-03-10');
      expect(lines[1]).toContain('CC BY 4.0 · live record, fetched on 2026-12-01');

      // /about/data lists the live source while a published item holds its record, linked to its home
      await page.goto('/about/data');
      const live = page
        .getByRole('list', { name: 'Sources' })
        .locator(':scope > li')
        .filter({ hasText: 'bio.tools API' });
      await live.waitFor();
      expect(await live.innerText()).toContain(
        'CC BY 4.0 · read live by harvest; each record is dated by its last fetch',
      );
      expect(await live.getByRole('link').getAttribute('href')).toBe('https://bio.tools');
    } finally {
      await close();
      await restAsService(`item_sources?${record}`, { method: 'DELETE' });
    }
  });

  it('says a harvested repository’s description was composed from facts, GitHub giving facts only', async () => {
    const name = `sciai-e2e/composed-${Date.now().toString(36)}`;
    const repo = {
      id: 980_000_000 + (Date.now() % 1_000_000),
      full_name: name,
      name: name.split('/')[1],
      html_url: `https://github.com/${name}`,
      description: 'The authors’ own words, which GitHub gives no licence for.',
      topics: ['microscopy'],
      language: 'Python',
      license: { spdx_id: 'MIT' },
      created_at: '2022-02-03T00:00:00Z',
      owner: { login: 'sciai-e2e' },
    };
    // what `sciai harvest github --publish` sends for it (core) and writes (commit_harvest_page)
    const mapped = applyProseRule('github', withLiveRecord('github', mapGithubRepo(repo)));
    if (!mapped.ok) throw new Error(mapped.refused.reason);
    const begun = (await (
      await restAsService('rpc/begin_harvest', {
        method: 'POST',
        body: JSON.stringify({ source: 'github', query: { repos: [name] }, publish: true }),
      })
    ).json()) as { run_id: string };
    await restAsService('rpc/commit_harvest_page', {
      method: 'POST',
      body: JSON.stringify({ run_id: begun.run_id, items: [mapped.item], next_cursor: null, finished: true }),
    });
    const [found] = (await (
      await restAsService(`external_ids?scheme=eq.github&value=eq.${name}&select=content_id,content_items(slug)`)
    ).json()) as Array<{ content_id: string; content_items: { slug: string } }>;
    const { page, close } = await openDetail(`/tool/${found!.content_items.slug}`);
    try {
      const sources = page.getByRole('region', { name: 'Sources', exact: true });
      await sources.waitFor();
      expect(await sourceLinks(page)).toEqual([['GitHub API', `https://github.com/${name}`]]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await sources.getByRole('listitem').innerText()).toContain(
        `facts only – no licence · live record, fetched on ${today}`,
      );
      expect(await sources.getByTestId('description-origin').innerText()).toBe(
        'Summary composed by SciAI from the facts these sources state; no source’s own words are copied.',
      );
      const main = await page.getByRole('main').innerText();
      expect(main).toContain('Repository (2022) by sciai-e2e, in Python, licensed MIT.');
      expect(main).not.toContain('The authors’ own words');
    } finally {
      await close();
      await restAsService(`content_items?id=eq.${found!.content_id}`, { method: 'DELETE' });
    }
  });

  it('shows a company’s FDA decisions, linked and dated, and a summary composed from facts', async () => {
    const { page, close } = await openDetail('/company/16-bit-inc');
    try {
      const fda = page.getByRole('region', { name: 'FDA-cleared devices' });
      await fda.waitFor();
      expect(await facts(page, 'FDA-cleared devices')).toEqual({
        Devices: '1',
        'First decision': '2024-04-09',
        'Latest decision': '2024-04-09',
        'Review panels': 'Radiology',
      });
      const number = fda.getByRole('link', { name: /DEN230023/ });
      expect(await number.getAttribute('href')).toBe(
        'https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/denovo.cfm?id=DEN230023',
      );
      expect(await fda.innerText()).toContain('as of 2026-08-21, via FDA AI-enabled medical devices list');
      const sources = page.getByRole('region', { name: 'Sources', exact: true });
      expect(await sources.innerText()).toContain('public domain · snapshot of 2026-08-21');
      expect(await sources.getByTestId('description-origin').innerText()).toContain(
        'Summary composed by SciAI from the facts these sources state',
      );
    } finally {
      await close();
    }
  });
});

describe('/about/data', () => {
  it('lists the sources with licences, the items by type and the field tree, linked from the footer', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('link', { name: 'About the data' }).click();
      await page.getByRole('heading', { level: 1, name: 'About the data' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/about/data');
      expect(await page.title()).toContain('About the data');
      await page.getByTestId('data-total').waitFor();
      expect(await page.getByTestId('data-total').innerText()).toMatch(/^[\d,]+ published items/);

      const sources = page.getByRole('list', { name: 'Sources' }).locator(':scope > li');
      expect(await sources.count()).toBe(12);
      const bestOf = sources.filter({ hasText: 'best-of-atomistic-machine-learning' });
      expect(await bestOf.innerText()).toContain('CC BY-SA 4.0 (share-alike) · snapshot of 2026-08-22');
      expect(await bestOf.innerText()).toContain('Share-alike');
      expect(await bestOf.getByRole('link').getAttribute('href')).toBe(
        'https://github.com/JuDFTteam/best-of-atomistic-machine-learning/tree/07d5a42ec2e20cc2da7b48d53a979af77b6b1059',
      );
      const hepml = sources.filter({ hasText: 'HEPML' });
      expect(await hepml.innerText()).toContain('facts only – no licence');

      const types = await page.getByRole('list', { name: 'Items by type' }).innerText();
      expect(types).toMatch(/Research Papers: [\d,]+/);
      // astronomy is listed inside physics
      const physics = page.getByRole('list', { name: 'Fields' }).locator(':scope > li', { hasText: /^Physics/ });
      expect(await physics.locator('li', { hasText: 'Astronomy' }).count()).toBe(1);
      expect(await page.getByText('npx sciai catalog build').isVisible()).toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('accessibility of the pages that show sources (axe-core, WCAG 2.1 AA)', () => {
  for (const { path, ready } of [
    { path: '/about/data', ready: '[data-testid="data-total"]' },
    { path: '/tool/chemdataextractor', ready: 'text=Description from' },
    { path: '/company/16-bit-inc', ready: 'text=FDA-cleared devices' },
  ]) {
    for (const [label, options] of [
      ['desktop, light', { colorScheme: 'light' as const }],
      ['phone, dark', { viewport: MOBILE, colorScheme: 'dark' as const }],
    ] as const) {
      it(`${path} has no violations (${label})`, async () => {
        // axe-core is injected as a script, which the app's strict CSP would refuse
        const { page, close } = await openPage(browser(), { ...options, bypassCSP: true });
        try {
          await page.goto(path);
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          expect(await axeViolations(page)).toEqual([]);
          if ('viewport' in options) {
            expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
          }
        } finally {
          await close();
        }
      });
    }
  }
});
