import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { countAsVisitor, launchBrowser, MOBILE, openPage, restAsVisitor, setSiteSetting } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('browse page', () => {
  it('lists published items 20 at a time and loads the next 20 on request', async () => {
    const total = await countAsVisitor('content_items?select=id');
    expect(total).toBeGreaterThan(20);
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse');
      expect(await page.title()).toBe('SciAI — Browse AI Tools');
      await page.getByText(`Showing 1-20 of ${total}`, { exact: true }).waitFor();
      expect(await page.getByRole('article').count()).toBe(20);

      // Most trending first, as the Data API orders them.
      const response = await restAsVisitor('content_items?select=title&order=trending_score.desc,id&limit=1');
      const [top] = (await response.json()) as Array<{ title: string }>;
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(top?.title);

      await page.getByRole('button', { name: 'Load More Results' }).click();
      await page.getByText(`Showing 1-${Math.min(40, total)} of ${total}`, { exact: true }).waitFor();
      expect(await page.getByRole('article').count()).toBe(Math.min(40, total));
    } finally {
      await close();
    }
  });

  it('filters by domain and type from the URL', async () => {
    const expected = await countAsVisitor(
      'content_items?select=id,content_domains!inner(scientific_domains!inner(slug))&content_domains.scientific_domains.slug=eq.biology&content_type=eq.software',
    );
    expect(expected).toBeGreaterThan(0);
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/browse?domain=Biology&type=software');
      await page.getByText(`Showing 1-${Math.min(20, expected)} of ${expected}`, { exact: true }).waitFor();
      await page.getByText('Field: Biology · Type: Software & Tools').waitFor();
      const badges = await page.getByRole('article').getByText('Software', { exact: true }).count();
      expect(badges).toBe(Math.min(20, expected));
    } finally {
      await close();
    }
  });

  it('treats search text literally, commas, brackets and wildcards included', async () => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`/browse?search=${encodeURIComponent('%,(_)"\\')}`);
      await page.getByRole('heading', { name: 'No results found' }).waitFor();
      for (const suggestion of ['Check your spelling', 'Use more general terms', 'Remove some filters', 'Try different keywords']) {
        await page.getByText(suggestion).waitFor();
      }
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
      await page.route('**/rest/v1/content_items**', async (route) => {
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

  it('shows the sample-data banner only while the site setting is on', async () => {
    const response = await restAsVisitor('rpc/public_site_settings', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const settings = (await response.json()) as { sample_data_banner?: boolean };
    const { page, close } = await openPage(browser);
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
