import { describe, expect, it } from 'vitest';
import { useBrowser, openPage } from './browser.ts';
import { searchAsVisitor } from './browse-support.ts';

const browser = useBrowser();

/** docs/product.md#browse-cards and #facts: a card claims open source only where the licence says so. */
describe('licence claims on browse cards', () => {
  it('says Source available for a licence that is not OSI-approved, in the grid and the list', async () => {
    const answer = await searchAsVisitor({ search: 'AlphaFold' });
    const alphafold3 = (answer.items as unknown as Array<Record<string, unknown>>).find(
      (item) => item.slug === 'alphafold-3',
    );
    expect(alphafold3).toMatchObject({ open_source: false, license_status: 'source_available' });
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      for (const view of ['', '&view=list']) {
        await page.goto(`/browse?search=AlphaFold${view}`);
        // AlphaFold 3's licence is CC-BY-NC-SA-4.0: on the SPDX list, not OSI-approved
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { name: 'AlphaFold 3', exact: true }) });
        // the app's card (the first paint's plain one has no type facts)
        await card.getByText('Source available').waitFor({ timeout: 20_000 });
        const text = await card.innerText();
        expect(text).not.toContain('Open source');
      }
      // the quick view says the same in its details
      await page.getByRole('button', { name: 'Quick view: AlphaFold 3' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('No, source available', { exact: true }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
