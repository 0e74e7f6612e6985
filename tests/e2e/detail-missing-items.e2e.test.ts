import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { openDetail as openDetailPage, type DetailOptions } from './detail-support.ts';

const browser = useBrowser();
const openDetail = (path: string, options: DetailOptions = {}) => openDetailPage(browser(), path, options);

// An item asked for by a slug that does not exist, or under another type's path.
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
