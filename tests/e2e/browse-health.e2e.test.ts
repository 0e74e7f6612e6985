import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPage, useBrowser } from './browser.ts';
import { filterPanel, searchAsVisitor, showing } from './browse-support.ts';

const browser = useBrowser();
const WIDE = { width: 1366, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** The service key's Data API, as `sciai enrich` writes through it. */
async function asService(path: string, init: RequestInit = {}): Promise<Response> {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * docs/product.md#browse-health and #browse-sort: the signal sorts, the project-health filters
 * and the cards' marks, on the catalog with signals written for four software items (no
 * star or citation figure the catalog shows changes, and they are removed afterwards).
 */
describe('browse by project health', () => {
  const picked: Array<{ id: string; slug: string; title: string }> = [];
  const [active, archived, dead, cited] = [0, 1, 2, 3];
  // Earlier files on this backend may have written signals and link checks of their own: the
  // counts are taken before this file writes, and the expectations are relative to them.
  const before = { maintained: 0, linksOk: 0, both: 0 };

  beforeAll(async () => {
    before.maintained = (await searchAsVisitor({ health: ['maintained'] })).total;
    before.linksOk = (await searchAsVisitor({ health: ['links_ok'] })).total;
    before.both = (await searchAsVisitor({ health: ['links_ok', 'maintained'] })).total;
    const software = await searchAsVisitor({ content_types: ['software'], sort_by: 'alphabetical', page_size: 4 });
    picked.push(...(software.items as unknown as typeof picked));
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const run = await (
      await asService('rpc/begin_enrich_run', {
        method: 'POST',
        body: JSON.stringify({ sources: ['github', 'openalex'] }),
        headers: { prefer: 'return=representation' },
      })
    ).json();
    const results = [
      {
        id: picked[active]!.id,
        signals: [
          { signal: 'github_pushed_at', text: ago(0) },
          { signal: 'github_archived', num: 0 },
        ],
      },
      {
        id: picked[archived]!.id,
        signals: [
          { signal: 'github_pushed_at', text: ago(1) },
          { signal: 'github_archived', num: 1 },
        ],
      },
      {
        id: picked[dead]!.id,
        signals: [
          { signal: 'github_pushed_at', text: ago(2) },
          { signal: 'github_archived', num: 0 },
        ],
      },
    ].map((result) => ({ ...result, source: 'github', ok: true }));
    results.push({
      id: picked[cited]!.id,
      source: 'openalex',
      ok: true,
      signals: [{ signal: 'citations', num: 9_999_999 } as never],
    });
    await asService('rpc/record_enrich_batch', { method: 'POST', body: JSON.stringify({ run_id: run, results }) });
    await asService('link_checks', {
      method: 'POST',
      body: JSON.stringify([
        {
          content_id: picked[dead]!.id,
          link: 'homepage',
          url: 'https://example.org/gone',
          ok: false,
          health: 'dead',
          spaced_failures: 3,
          checked_at: new Date().toISOString(),
        },
      ]),
    });
  });

  afterAll(async () => {
    const ids = `in.(${picked.map((item) => item.id).join(',')})`;
    await asService(`item_signals?content_id=${ids}`, { method: 'DELETE' });
    await asService(`link_checks?content_id=${ids}`, { method: 'DELETE' });
  });

  it('sorts by citations and latest activity, filters by health, and marks cards, at 1366×900', async () => {
    const all = await searchAsVisitor();
    const maintained = await searchAsVisitor({ health: ['maintained'], sort_by: 'most_cited' });
    const linksOk = await searchAsVisitor({ health: ['links_ok'] });
    expect(maintained.total).toBe(before.maintained + 2);
    expect(linksOk.total).toBe(before.linksOk - 1);
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: WIDE });
    try {
      await page.goto('/browse?sort=recently_active');
      await showing(page, 20, all.total);
      const cards = page.getByRole('article');
      const titles = async () => cards.getByRole('heading').allTextContents();
      expect((await titles()).slice(0, 3)).toEqual([active, archived, dead].map((i) => picked[i]!.title));
      // the marks are words with a tooltip, not a colour
      const archivedMark = cards.nth(1).getByText('Archived', { exact: true });
      await archivedMark.waitFor();
      expect(await cards.nth(1).locator('[data-health-mark="archived"]').getAttribute('title')).toMatch(/archived/);
      await cards.nth(2).getByText('Dead link', { exact: true }).waitFor();
      expect(await cards.nth(0).locator('[data-health-mark]').count()).toBe(0);

      await page.getByRole('combobox', { name: 'Sort By' }).click();
      await page.getByRole('option', { name: 'Most Cited' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'most_cited');
      await expect.poll(async () => (await titles())[0]).toBe(picked[cited]!.title);

      const panel = filterPanel(page);
      await panel.getByRole('checkbox', { name: 'Actively Maintained' }).check();
      await page.waitForURL((url) => url.searchParams.getAll('health').join() === 'maintained');
      await showing(page, 20, maintained.total);
      expect(await titles()).toEqual(maintained.items.slice(0, 20).map((item) => item.title));
      await panel
        .getByRole('group', { name: 'Active filters' })
        .getByRole('button', { name: 'Remove filter: Actively Maintained' })
        .waitFor();

      await panel.getByRole('checkbox', { name: 'Actively Maintained' }).uncheck();
      await panel.getByRole('checkbox', { name: 'Links OK' }).check();
      await page.waitForURL((url) => url.searchParams.getAll('health').join() === 'links_ok');
      await showing(page, 20, linksOk.total);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('carries the health filters in the URL and marks cards on a 390 px phone', async () => {
    const { page, close } = await openPage(browser(), { viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      await page.goto('/browse?sort=recently_active&health=links_ok');
      const linksOk = await searchAsVisitor({ health: ['links_ok'], sort_by: 'recently_active' });
      await showing(page, 20, linksOk.total);
      const cards = page.getByRole('article');
      // the dead link's item is filtered out; the archived one is marked
      expect(await cards.getByText('Dead link', { exact: true }).count()).toBe(0);
      const mark = cards.nth(1).getByText('Archived', { exact: true });
      await mark.waitFor();
      const box = await mark.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

      // one filter is on: the button reads 'Filters 1 active'
      await page.getByRole('button', { name: /^Filters/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.getByRole('checkbox', { name: 'Actively Maintained' }).check();
      await page.waitForURL((url) => url.searchParams.getAll('health').sort().join() === 'links_ok,maintained');
      await showing(page, 20, before.both + 1);
    } finally {
      await close();
    }
  });
});
