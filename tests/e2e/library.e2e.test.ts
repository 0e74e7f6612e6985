import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { createTestItem } from '../support/test-items.ts';
import { parseBibtex } from '../support/citation-parsers.ts';
import { axeViolations } from '../support/axe.ts';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { addressesIn, fillSignIn } from './session.ts';

const browser = useBrowser();

/** Each test's browser sends its own address: sign-ins are limited per address. */
const { fromAddress } = addressesIn('198.51.104');

const PAPER_PATH = '/paper/alphafold-2-paper';
const PAPER_TITLE = 'Highly accurate protein structure prediction with AlphaFold';

/** A confirmed account, created the way the auth tests do, ready to sign in from the browser. */
async function newAccount(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUpAndConfirm(visitor(), email);
  return email;
}

async function download(page: Page, format: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  // The browser is shared over a connection, so the file is streamed back rather than read from its path.
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

describe('saving and the library', () => {
  it("sends a visitor's Save to sign-in and back to the same page", async () => {
    const email = await newAccount('e2e-save-visitor');
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(61));
    try {
      await page.goto(PAPER_PATH);
      await page.getByRole('heading', { level: 1, name: PAPER_TITLE }).waitFor();
      await page.getByRole('button', { name: /^Save Paper/ }).click();
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent(PAPER_PATH)}`);

      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === PAPER_PATH);
      await page.getByRole('heading', { level: 1, name: PAPER_TITLE }).waitFor();
      // Signed in now: the same button saves
      await page.getByRole('button', { name: /^Save Paper/ }).click();
      await page.getByText('Item saved to your library').waitFor();
      const saved = page.getByRole('button', { name: /^Saved/ });
      await saved.waitFor();
      expect(await saved.getAttribute('aria-pressed')).toBe('true');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('saves from browse, lists it in /library, exports it, and unsaves it', async () => {
    const email = await newAccount('e2e-library');
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(62));
    try {
      // A visitor opening /library is sent to sign in, and comes back to /library afterwards.
      await page.goto('/library');
      await page.waitForURL(
        (url) => url.pathname === '/auth/signin' && url.searchParams.get('redirect') === '/library',
      );
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/library');
      await page.getByRole('heading', { name: 'Your Research Toolkit is Empty' }).waitFor();
      expect(await page.getByRole('link', { name: 'Explore AI Tools' }).getAttribute('href')).toBe('/browse');

      await page.goto('/browse?search=AlphaFold');
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: PAPER_TITLE, exact: true }) });
      await card.getByRole('button', { name: /^Save Paper/ }).click();
      await page.getByText('Item saved to your library').waitFor();
      await card.getByRole('button', { name: /^Saved/ }).waitFor();

      await page.goto('/library');
      await page.getByRole('heading', { level: 1, name: 'My Research Toolkit' }).waitFor();
      await page.getByRole('link', { name: PAPER_TITLE, exact: true }).waitFor();
      const total = page.locator('[data-stat="total"] dd');
      expect(await total.textContent()).toBe('1');
      expect(await page.locator('[data-stat="papers"] dd').textContent()).toBe('1');
      expect(await page.locator('[data-stat="addedThisWeek"] dd').textContent()).toBe('1');

      const csv = await download(page, 'CSV');
      expect(csv.name).toMatch(/^sciai-library-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = Papa.parse<Record<string, string>>(csv.text, { header: true, skipEmptyLines: true }).data;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        title: PAPER_TITLE,
        type: 'paper',
        doi: '10.1038/s41586-021-03819-2',
        journal: 'Nature',
      });

      const bib = await download(page, 'BibTeX');
      expect(bib.name).toMatch(/\.bib$/);
      const [entry] = parseBibtex(bib.text);
      expect(entry).toMatchObject({
        type: 'article',
        fields: { doi: '10.1038/s41586-021-03819-2', journal: 'Nature', year: '2021' },
      });

      await page.getByRole('button', { name: /^Saved/ }).click();
      await page.getByText('Item removed from your library').waitFor();
      await page.getByRole('heading', { name: 'Your Research Toolkit is Empty' }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("rolls the button back and shows the server's message when a save fails", async () => {
    const item = await createTestItem('software', 'e2e-vanishing');
    const email = await newAccount('e2e-save-fails');
    const { page, close } = await openPage(browser(), fromAddress(66));
    try {
      await page.goto(`/auth/signin?redirect=${encodeURIComponent(`/tool/${item.slug}`)}`);
      await fillSignIn(page, email);
      await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
      // unpublished while the page is open: the database refuses the save
      await withDatabase((db) =>
        db.query("update public.content_items set status = 'archived' where id = $1", [item.id]),
      );
      await page.getByRole('button', { name: /^Save Tool/ }).click();
      await page.getByText('Item not found').waitFor();
      const button = page.getByRole('button', { name: /^Save Tool/ });
      await button.waitFor();
      expect(await button.getAttribute('aria-pressed')).toBe('false');
    } finally {
      await close();
    }
  });

  it('fits a phone: tabs, search and export within 375px', async () => {
    const email = await newAccount('e2e-library-phone');
    const { page, close } = await openPage(browser(), { ...fromAddress(63), viewport: MOBILE });
    try {
      await page.goto(`/auth/signin?redirect=${encodeURIComponent('/tool/alphafold')}`);
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/tool/alphafold');
      await page.getByRole('button', { name: /^Save Tool/ }).click();
      await page.getByText('Item saved to your library').waitFor();
      await page.goto('/library');
      await page.getByRole('tab', { name: 'Software' }).click();
      await page.getByRole('link', { name: 'AlphaFold 2', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Papers' }).click();
      await page.getByText('No saved items match.').waitFor();
      await page.getByRole('tab', { name: 'All' }).click();
      await page.getByRole('textbox', { name: 'Search your library' }).fill('no such thing');
      await page.getByText('No saved items match.').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await close();
    }
  });

  for (const [label, options, n] of [
    ['desktop, light', { colorScheme: 'light' as const }, 64],
    ['phone, dark', { viewport: MOBILE, colorScheme: 'dark' as const }, 65],
  ] as const) {
    it(`/library with saved items has no axe violations (${label})`, async () => {
      const email = await newAccount('e2e-library-axe');
      const { page, close } = await openPage(browser(), { ...fromAddress(n), ...options, bypassCSP: true });
      try {
        await page.goto(`/auth/signin?redirect=${encodeURIComponent(PAPER_PATH)}`);
        await fillSignIn(page, email);
        await page.waitForURL((url) => url.pathname === PAPER_PATH);
        await page.getByRole('button', { name: /^Save Paper/ }).click();
        await page.getByRole('button', { name: /^Saved/ }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.goto('/library');
        await page.getByRole('link', { name: PAPER_TITLE, exact: true }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
