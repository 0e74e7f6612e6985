import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, MOBILE, openPage, restAsVisitor } from './browser.ts';
import { filterPanel, query, searchAsVisitor, showing } from './browse-support.ts';

const browser = useBrowser();

/** The operations facet of the software tab, the most results first, ties by name (as the panel lists them). */
async function softwareOperations(): Promise<Array<[string, number]>> {
  const answer = (await searchAsVisitor({ content_types: ['software'] })) as unknown as {
    facets: { operations: Record<string, number> };
  };
  return Object.entries(answer.facets.operations).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
}

const operationGroup = (scope: ReturnType<typeof filterPanel> | Page) =>
  scope.getByRole('group', { name: 'Operation', exact: true });

describe('browse by what a tool does (docs/product.md#browse-edam)', () => {
  it('finds an operation beyond the top values with the facet’s search box, filters by it, and removes it', async () => {
    const operations = await softwareOperations();
    expect(operations.length).toBeGreaterThan(100);
    // a value the list does not show until searched for or unfolded
    const [target] = operations[30]!;
    const expected = await searchAsVisitor({ content_types: ['software'], operations: [target] });
    expect(expected.total).toBeGreaterThan(0);

    const { page, close, consoleErrors } = await openPage(browser());
    try {
      await page.goto('/browse?type=software');
      await page.getByText(/^Showing 1-/).waitFor();
      const panel = filterPanel(page);
      const group = operationGroup(panel);
      await group.waitFor();
      expect(await group.getByRole('checkbox').count()).toBe(8);
      const more = panel.getByRole('button', { name: `Show ${operations.length - 8} more` });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      expect(await group.getByRole('checkbox', { name: new RegExp(`^${escape(target)}`) }).count()).toBe(0);

      // typed by keyboard into the labelled box: the list keeps the values containing it
      const find = panel.getByRole('searchbox', { name: 'Find an operation' });
      await find.focus();
      await page.keyboard.type(target.toUpperCase());
      const box = group.getByRole('checkbox', { name: new RegExp(`^${escape(target)}`) });
      await box.waitFor();
      await box.focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => new URL(url).searchParams.get('operation') === target);
      expect(query(page).getAll('type')).toEqual(['software']);
      await showing(page, 20, expected.total);
      const chip = panel.getByRole('button', { name: `Remove filter: Operation: ${target}` });
      await chip.waitFor();
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(expected.items[0]!.title);

      await find.fill('zzqq no such operation');
      await panel.getByText('No operation matches “zzqq no such operation”.').waitFor();
      await find.fill('');
      // the chosen value is listed first, ticked
      expect(await group.getByRole('checkbox').first().isChecked()).toBe(true);

      await chip.click();
      await page.waitForURL('**/browse?type=software');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('searches the facet inside the filter drawer at 375 px', async () => {
    const operations = await softwareOperations();
    const [target] = operations[0]!;
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto('/browse?type=software');
      await page.getByText(/^Showing 1-/).waitFor();
      await page.getByRole('button', { name: /^Filters/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      const find = drawer.getByRole('searchbox', { name: 'Find an operation' });
      await find.scrollIntoViewIfNeeded();
      await find.fill(target);
      const box = operationGroup(drawer).getByRole('checkbox', { name: new RegExp(`^${escape(target)}`) });
      await box.check();
      await page.waitForURL((url) => new URL(url).searchParams.get('operation') === target);
      // nothing wider than the phone's screen
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await close();
    }
  });
});

describe('compare two bio.tools tools', () => {
  it('shows what each does and the data it reads, with formats, as bio.tools states them', async () => {
    const response = await restAsVisitor(
      'content_items?select=slug,title,metadata&content_type=eq.software&metadata->edam_inputs=not.is.null&metadata->edam_operations=not.is.null&order=slug&limit=2',
    );
    const tools = (await response.json()) as Array<{
      slug: string;
      title: string;
      metadata: { edam_operations: string[]; edam_inputs: Array<{ data: string; formats: string[] }> };
    }>;
    expect(tools).toHaveLength(2);
    const { page, close } = await openPage(browser());
    try {
      await page.goto(`/compare?items=${tools.map((tool) => tool.slug).join(',')}`);
      const table = page.getByRole('region', { name: 'Comparison table' });
      await table.waitFor();
      const row = (name: RegExp) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      const operations = await row(/^What it does/)
        .getByRole('cell')
        .allTextContents();
      expect(operations).toHaveLength(2);
      for (const [index, tool] of tools.entries()) {
        for (const operation of tool.metadata.edam_operations) expect(operations[index]).toContain(operation);
      }
      const inputs = await row(/^Input data/)
        .getByRole('cell')
        .allTextContents();
      const first = tools[0]!.metadata.edam_inputs[0]!;
      expect(inputs[0]).toContain(first.formats.length ? `${first.data} (${first.formats.join(', ')})` : first.data);
    } finally {
      await close();
    }
  });
});

/** A value as a literal inside a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
