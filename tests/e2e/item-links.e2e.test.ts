import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { MOBILE, useBrowser, openPage } from './browser.ts';

const browser = useBrowser();

/** Calls an RPC with the service-role key, as the harvest CLI does. */
async function serviceRpc(name: string, body: unknown): Promise<unknown> {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A bio.tools harvest page of one item, published, as `sciai harvest biotools` commits it. */
async function harvestBiotools(query: string, item: Record<string, unknown>): Promise<void> {
  const { run_id } = (await serviceRpc('begin_harvest', {
    source: 'biotools',
    query: { search: query },
    publish: true,
  })) as { run_id: string };
  await serviceRpc('commit_harvest_page', { run_id, items: [item], next_cursor: '', finished: true });
}

async function slugOf(title: string): Promise<string> {
  const backend = inject('backend');
  const response = await fetch(
    `${backend.url}/rest/v1/content_items?select=slug&title=eq.${encodeURIComponent(title)}`,
    { headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` } },
  );
  const rows = (await response.json()) as Array<{ slug: string }>;
  expect(rows).toHaveLength(1);
  return rows[0]!.slug;
}

describe('linked items on detail pages (docs/product.md#detail-links)', () => {
  it('shows a harvested tool’s publications, and on the paper the tool it describes', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const doi = `10.5555/fixture.sciai.e2e-links.${suffix}`;
    const toolTitle = `Linktool ${suffix}`;
    const paperTitle = `Linktool: aligning reads ${suffix}`;
    await harvestBiotools(`e2e links tool ${suffix}`, {
      content_type: 'software',
      title: toolTitle,
      description: 'A read aligner.',
      domains: [],
      ids: [{ scheme: 'biotools', value: `linktool_${suffix}` }],
      // bio.tools' words may be copied, marked as its own (docs/product.md#harvested-prose)
      metadata: { publication_dois: [doi], description_origin: { kind: 'source', source: 'biotools-api' } },
      software: {},
    });
    await harvestBiotools(`e2e links paper ${suffix}`, {
      content_type: 'paper',
      title: paperTitle,
      domains: [],
      ids: [{ scheme: 'doi', value: doi }],
      paper: { doi, publication_date: '2020-03-01' },
    });
    const toolSlug = await slugOf(toolTitle);
    const paperSlug = await slugOf(paperTitle);

    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto(`/tool/${toolSlug}`);
      const publications = page.getByRole('region', { name: 'Paper to cite', exact: true });
      const paperLink = publications.getByRole('link', { name: paperTitle });
      await paperLink.waitFor();
      expect(await publications.innerText()).toContain(`${paperTitle} (2020)`);
      // the harvest's source names it
      expect(await publications.innerText()).toContain('Named by bio.tools');
      expect(await paperLink.getAttribute('href')).toBe(`/paper/${paperSlug}`);

      await paperLink.click();
      await page.getByRole('heading', { level: 1, name: paperTitle }).waitFor();
      const describes = page.getByRole('region', { name: 'Describes', exact: true });
      const toolLink = describes.getByRole('link', { name: toolTitle });
      await toolLink.waitFor();
      expect(await toolLink.getAttribute('href')).toBe(`/tool/${toolSlug}`);
      // a paper names no papers of its own: no empty card
      expect(await page.getByRole('region', { name: 'Paper to cite', exact: true }).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('cites the loaded catalog’s papers with their source, and shows code and weights licences apart', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      // a paper the catalog does not have: linked to doi.org, with the record that names it
      await page.goto('/tool/cellpose');
      const cited = page.getByRole('region', { name: 'Paper to cite', exact: true });
      const doiLink = cited.getByRole('link', { name: /doi:10\.1101\/2020\.02\.02\.931238/ });
      await doiLink.waitFor();
      expect(await doiLink.getAttribute('href')).toBe('https://doi.org/10.1101/2020.02.02.931238');
      const record = cited.getByRole('link', { name: /bio\.tools/ });
      expect(await record.getAttribute('href')).toMatch(/^https:\/\/bio\.tools\//);

      // a paper the catalog has: its page
      await page.goto('/tool/scibert');
      const scibert = page.getByRole('region', { name: 'Paper to cite', exact: true });
      const paperLink = scibert.getByRole('link', { name: /SciBERT/ });
      await paperLink.waitFor();
      expect(await paperLink.getAttribute('href')).toBe(
        '/paper/scibert-a-pretrained-language-model-for-scientific-text',
      );
      expect(await scibert.innerText()).toContain('Named by Awesome Scientific Language Models');

      await page.goto('/tool/boltz');
      const details = page.getByRole('region', { name: 'Details', exact: true });
      await details.getByText('Weights License').waitFor();
      const text = await details.innerText();
      expect(text).toMatch(/Code License\s+MIT · Open source/);
      expect(text).toMatch(/Weights License\s+MIT/);
      expect(text).toMatch(/Availability\s+Open/);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('accessibility of the paper to cite (axe-core, WCAG 2.1 AA)', () => {
  for (const [label, options] of [
    ['desktop, light', { colorScheme: 'light' as const }],
    ['phone, dark', { viewport: MOBILE, colorScheme: 'dark' as const }],
  ] as const) {
    it(`/tool/cellpose has no violations (${label})`, async () => {
      // axe-core is injected as a script, which the app's strict CSP would refuse
      const { page, close } = await openPage(browser(), { ...options, bypassCSP: true });
      try {
        await page.goto('/tool/cellpose');
        await page.locator('text=Named by').first().waitFor({ timeout: 15_000 });
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
});
