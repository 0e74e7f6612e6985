import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withDatabase } from '../support/auth.ts';
import { useBrowser, MOBILE, openPage, restAsVisitor } from './browser.ts';

const browser = useBrowser();

interface Listed {
  slug: string;
  title: string;
  content_type: string;
}

/** The first published items of a type in browse's default order (most trending first, then by slug). */
async function topItems(type: string, count: number): Promise<Listed[]> {
  const response = await restAsVisitor(
    `content_items?select=slug,title,content_type&content_type=eq.${type}&order=trending_score.desc,slug&limit=${count}`,
  );
  return (await response.json()) as Listed[];
}

const PREFIX: Record<string, string> = { software: 'tool', paper: 'paper', company: 'company', agent: 'agent' };

/** Presses 'Compare' on a browse card. */
async function pickFromBrowse(page: Page, item: Listed) {
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: item.title, exact: true }) });
  const toggle = card.getByRole('button', { name: /^Compare/ });
  await toggle.click();
  await card.getByRole('button', { name: /^Added to compare/ }).waitFor();
  expect(await card.getByRole('button', { name: /^Added to compare/ }).getAttribute('aria-pressed')).toBe('true');
}

const tray = (page: Page) => page.getByRole('complementary', { name: 'Compare tray' });
const table = (page: Page) => page.getByRole('region', { name: 'Comparison table' });
const columnTitles = (page: Page) => table(page).getByRole('columnheader').getByRole('link').allTextContents();

describe('compare', () => {
  it('picks three items while browsing, compares them, removes one, and keeps that across a reload', async () => {
    const tools = await topItems('software', 2);
    const [paper] = await topItems('paper', 1);
    expect(tools).toHaveLength(2);
    const picked = [...tools, paper!];
    // the paper's citations as enrich stores them: a figure is shown only with its source and date
    await withDatabase((db) =>
      db.query(
        `insert into public.item_signals (content_id, signal, source, value_num, as_of)
         select id, 'citations', 'openalex', 38000, '2026-11-19T06:00:00Z' from public.content_items where slug = $1`,
        [paper!.slug],
      ),
    );

    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?type=software');
      await page.getByRole('article').first().waitFor();
      for (const tool of tools) await pickFromBrowse(page, tool);
      await tray(page).getByText('2 of 4 selected').waitFor();

      // The picks survive a page change: the tray is on every page.
      await page.goto('/browse?type=paper');
      await page.getByRole('article').first().waitFor();
      const paperCard = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: paper!.title, exact: true }) });
      expect(await paperCard.getByTitle('38K citations on OpenAlex, as of 19 Nov 2026').textContent()).toBe(
        'Citations on OpenAlex, as of 19 Nov 2026: 38K',
      );
      await pickFromBrowse(page, paper!);
      const compareLink = tray(page).getByRole('link', { name: 'Compare (3)' });
      expect(await tray(page).getByRole('listitem').allTextContents()).toEqual(picked.map((item) => item.title));

      await compareLink.click();
      await page.waitForURL(`**/compare?items=${picked.map((item) => item.slug).join(',')}`);
      await table(page).waitFor();
      expect(await page.title()).toBe('Compare — SciAI');
      // The tray is not repeated on the compare page.
      expect(await tray(page).count()).toBe(0);

      // One column per item, in the order picked, each title linking to its detail page.
      expect(await columnTitles(page)).toEqual(picked.map((item) => item.title));
      for (const item of picked) {
        const link = table(page).getByRole('link', { name: item.title, exact: true });
        expect(await link.getAttribute('href')).toBe(`/${PREFIX[item.content_type]}/${item.slug}`);
      }

      // Aligned: every attribute row has one cell per item.
      const rows = table(page).locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(5);
      for (const cells of await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td').length))) {
        expect(cells).toBe(3);
      }

      // Two tools and a paper differ in type: that row is highlighted, and says so to screen readers.
      const typeRow = table(page)
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Type (differs)' }) });
      expect(await typeRow.getAttribute('data-differs')).toBe('true');
      const tint = await typeRow
        .locator('td')
        .first()
        .evaluate((td) => td.ownerDocument.defaultView?.getComputedStyle(td).backgroundColor);
      expect(tint).not.toBe('rgba(0, 0, 0, 0)');
      expect(await typeRow.getByRole('cell').allTextContents()).toEqual(['Software', 'Software', 'Paper']);
      // A paper's citations sit across from dashes for the tools.
      const citations = table(page)
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: /^Citations/ }) });
      expect(await citations.getByRole('cell').allTextContents()).toEqual([
        '—Not available',
        '—Not available',
        '38KOpenAlex, as of 19 Nov 2026',
      ]);

      // Removing an item updates the address and the picks.
      await table(page)
        .getByRole('button', { name: `Remove ${tools[1]!.title} from comparison` })
        .click();
      const remaining = [tools[0]!, paper!];
      await page.waitForURL(`**/compare?items=${remaining.map((item) => item.slug).join(',')}`);
      expect(await columnTitles(page)).toEqual(remaining.map((item) => item.title));
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem('sciai-compare') ?? '[]') as Array<{ slug: string }>,
      );
      expect(stored.map((entry) => entry.slug)).toEqual(remaining.map((item) => item.slug));

      await page.reload();
      await table(page).waitFor();
      expect(await columnTitles(page)).toEqual(remaining.map((item) => item.title));

      // Back on another page, the tray shows what is left.
      await page.goto('/about');
      // The app renders after the load event (web/src/main.tsx lets the server's HTML paint first).
      await tray(page).getByRole('listitem').first().waitFor();
      expect(await tray(page).getByRole('listitem').allTextContents()).toEqual(remaining.map((item) => item.title));
      await tray(page).getByRole('button', { name: 'Clear' }).click();
      await tray(page).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('sciai-compare'))).toBeNull();
    } finally {
      await close();
      await withDatabase((db) =>
        db.query(
          `delete from public.item_signals where signal = 'citations'
             and content_id = (select id from public.content_items where slug = $1)`,
          [paper!.slug],
        ),
      );
    }
  });

  it('takes at most four items and enables Compare from two', async () => {
    const tools = await topItems('software', 5);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?type=software');
      await page.getByRole('article').first().waitFor();
      await pickFromBrowse(page, tools[0]!);
      expect(await tray(page).getByRole('button', { name: 'Compare (1)' }).isDisabled()).toBe(true);
      for (const tool of tools.slice(1, 4)) await pickFromBrowse(page, tool);
      await tray(page).getByRole('link', { name: 'Compare (4)' }).waitFor();

      const fifth = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: tools[4]!.title, exact: true }) });
      await fifth.getByRole('button', { name: /^Compare/ }).click();
      await page.getByRole('alert').filter({ hasText: 'You can compare up to 4 items' }).waitFor();
      expect(await fifth.getByRole('button', { name: /^Compare/ }).getAttribute('aria-pressed')).toBe('false');
      expect(await tray(page).getByRole('listitem').count()).toBe(4);

      // Pressing the toggle again drops the item; the tray's remove buttons do the same.
      const first = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: tools[0]!.title, exact: true }) });
      await first.getByRole('button', { name: /^Added to compare/ }).click();
      await first.getByRole('button', { name: /^Compare/ }).waitFor();
      await tray(page)
        .getByRole('button', { name: `Remove ${tools[1]!.title} from compare` })
        .click();
      await tray(page).getByRole('link', { name: 'Compare (2)' }).waitFor();
    } finally {
      await close();
    }
  });

  it('copies a shareable link', async () => {
    const tools = await topItems('software', 2);
    const href = `/compare?items=${tools.map((tool) => tool.slug).join(',')}`;
    const { page, close } = await openPage(browser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await page.goto(href);
      await table(page).waitFor();
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByRole('button', { name: 'Link copied' }).waitFor();
      const copied = await page.evaluate('navigator.clipboard.readText()');
      expect(copied).toBe(new URL(href, page.url()).toString());
    } finally {
      await close();
    }
  });

  it("compares the tray's picks at a bare /compare and writes them into the address", async () => {
    const picked = await topItems('software', 3);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?type=software');
      for (const item of picked) await pickFromBrowse(page, item);
      await tray(page).getByRole('listitem').nth(2).waitFor();
      await page.goto('/compare');
      await page.waitForURL(`**/compare?items=${picked.map((item) => item.slug).join(',')}`);
      await table(page).waitFor();
      expect(await columnTitles(page)).toEqual(picked.map((item) => item.title));
      expect(await page.getByText('Pick at least two items to compare').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('explains how to pick items when fewer than two are valid', async () => {
    const [tool] = await topItems('software', 1);
    const { page, close } = await openPage(browser());
    try {
      await page.goto(`/compare?items=${tool!.slug},no-such-item`);
      await page.getByRole('heading', { name: 'Pick at least two items to compare' }).waitFor();
      await page.getByText('Only one item to compare so far:').waitFor();
      await page.getByText('Not found: “no-such-item”.').waitFor();
      expect(await page.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/browse');

      await page.goto('/compare');
      await page.getByRole('heading', { name: 'Pick at least two items to compare' }).waitFor();
      await page.getByRole('link', { name: 'Browse the catalog' }).click();
      await page.waitForURL('**/browse');
    } finally {
      await close();
    }
  });

  it('stays readable at 375px: the table scrolls sideways with the attribute names in view', async () => {
    const tools = await topItems('software', 2);
    const [paper] = await topItems('paper', 1);
    const items = [...tools, paper!];
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto(`/compare?items=${items.map((item) => item.slug).join(',')}`);
      await table(page).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

      const region = table(page);
      const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);

      const label = region.getByRole('rowheader', { name: /^Organization/ });
      const before = await label.boundingBox();
      await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      const after = await label.boundingBox();
      expect(after?.x).toBeCloseTo(before?.x ?? Number.NaN, 0);
      // The last item's column has come into view beside the attribute names.
      const lastTitle = region.getByRole('link', { name: paper!.title, exact: true });
      const lastBox = await lastTitle.boundingBox();
      expect((lastBox?.x ?? 0) + (lastBox?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
      expect(lastBox?.x ?? 0).toBeGreaterThan((after?.x ?? 0) + (after?.width ?? 0));
    } finally {
      await close();
    }
  });
});
