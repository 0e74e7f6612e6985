import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withDatabase } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { taggedFixture } from '../support/csv-import.ts';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { addressesIn, createAccount, createTotpAdmin, signInTo, signInWithTotp, type TotpAdmin } from './session.ts';

/** Addresses of this file's own: the auth limits count per address. */
const { address, fromAddress } = addressesIn('192.0.2');

const browser = useBrowser();
/** One admin per test: each signs in once, with the time step after its enrolment's. */
let admins: TotpAdmin[];
let member: { email: string };

/** An admin of the import page; each makes one TOTP sign-in. */
const makeAdmin = (n: number) => createTotpAdmin('e2e-csv-admin', address(n), { first: 'Ida', last: 'Importer' });

beforeAll(async () => {
  admins = [await makeAdmin(130), await makeAdmin(135)];
  member = { email: (await createAccount('e2e-csv-member', address(131), { first: 'Max', last: 'Importer' })).email };
});

/** Signs the admin in with password and a TOTP code, landing on the import page. */
async function signInAdmin(page: Page, admin: TotpAdmin): Promise<void> {
  await signInWithTotp(page, '/admin/csv-import', admin);
  await page.getByRole('heading', { level: 1, name: 'CSV Data Import' }).waitFor();
}

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });
const csvFile = (name: string, text: string, mimeType = 'text/csv') => ({ name, mimeType, buffer: Buffer.from(text) });

describe('the CSV import page', () => {
  it('uploads a paper CSV, previews statuses and issues, imports the valid rows and opens the new paper', async () => {
    const { text, tag } = taggedFixture('papers-mixed.csv');
    const { page, consoleErrors, close } = await openPage(browser(), {
      ...fromAddress(132),
      viewport: MOBILE,
      bypassCSP: true,
    });
    try {
      await signInAdmin(page, admins[0]!);
      await page.getByRole('radio', { name: 'Research Papers' }).check();
      await page.locator('input[type=file]').setInputFiles(csvFile('papers.csv', text));
      await page.getByText(`papers.csv (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB)`).waitFor();
      await page.getByRole('button', { name: 'Process & Preview' }).click();

      await toast(page, 'Processing Complete').waitFor();
      const table = page.getByRole('table', { name: 'Preview' });
      await table.waitFor();
      const row = (n: number) =>
        table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
      await row(2).getByText('Valid', { exact: true }).waitFor();
      await row(3).getByText('Invalid', { exact: true }).waitFor();
      await row(3).getByText('Untitled', { exact: true }).waitFor();
      await row(3).getByText('Title is required').waitFor();
      await row(4).getByText('Invalid publication date format').waitFor();
      await row(5).getByText('Warning', { exact: true }).waitFor();
      await row(5).getByText('Missing abstract').waitFor();
      await row(6).getByText('Duplicate of row 2').waitFor();
      await row(7).getByText('Unknown domains: Alchemy').waitFor();
      await page.getByText('Row 8: expected 23 columns but found 2; the row was skipped').waitFor();
      for (const badge of ['Total: 7', 'Valid: 4', 'Invalid: 3'])
        await page.getByText(badge, { exact: true }).waitFor();
      // at 375 px the table scrolls inside its container instead of widening the page
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'Import' }).click();
      await page.getByText('Ready to import 3 valid papers into the database. Invalid rows will be skipped.').waitFor();
      await page.getByRole('button', { name: 'Import to Database' }).click();
      await toast(page, 'Upload Successful').getByText('Successfully uploaded 3 papers to the database.').waitFor();
      // a successful import resets the page to Upload with no file
      expect(await page.getByRole('tab', { name: 'Upload' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tab', { name: 'Preview' }).isDisabled()).toBe(true);

      // the same file again: its rows are in the catalog now (the worker asks the page to look)
      await page.locator('input[type=file]').setInputFiles(csvFile('papers.csv', text));
      await page.getByRole('button', { name: 'Process & Preview' }).click();
      await row(2).getByText('Already exists: will be skipped').waitFor();
      await row(9).getByText('Already exists: will be skipped').waitFor();
      await page.getByRole('tab', { name: 'Import' }).click();
      await page.getByText('Ready to import 0 valid papers into the database. Invalid rows will be skipped.').waitFor();
      await page.getByText('4 rows were skipped as already in the database or repeated in the file.').first().waitFor();
      await page.getByRole('button', { name: 'Import to Database' }).click();
      await toast(page, 'Upload Successful')
        .getByText('Successfully uploaded 0 papers to the database.', { exact: false })
        .waitFor();
      const copies = await withDatabase((db) =>
        db
          .query<{ n: number }>(`select count(*)::int as n from public.content_items where title like $1`, [
            `Fixture${tag} %`,
          ])
          .then((result) => result.rows[0]!.n),
      );
      expect(copies).toBe(3);

      const slug = await withDatabase((db) =>
        db
          .query<{ slug: string }>(
            `select slug from public.content_items where title = $1 and content_type = 'paper' and status = 'published'`,
            [`Fixture${tag} Paper Delta`],
          )
          .then((result) => result.rows[0]?.slug),
      );
      expect(slug).toBeDefined();
      await page.goto(`/paper/${slug}`);
      await page.getByRole('heading', { level: 1, name: `Fixture${tag} Paper Delta` }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses a file that is not a CSV or has no data rows, offers each type’s template and columns, imports software', async () => {
    const { page, close } = await openPage(browser(), { ...fromAddress(133), colorScheme: 'dark', bypassCSP: true });
    try {
      await signInAdmin(page, admins[1]!);
      await page.locator('input[type=file]').setInputFiles(csvFile('notes.txt', 'just some notes', 'text/plain'));
      await toast(page, 'Invalid File Type').getByText('Please select a CSV file').waitFor();
      expect(await page.getByRole('button', { name: 'Process & Preview' }).isDisabled()).toBe(true);

      // the template and the column help follow the chosen type
      await page.getByRole('radio', { name: 'Companies' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Template' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('company_template.csv');
      await toast(page, 'Template Downloaded').waitFor();
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByText('Company name (required)', { exact: true }).waitFor();
      // dark mode (the system's choice here): contrast and labels hold
      expect(await axeViolations(page)).toEqual([]);

      // software: its own template and columns, then a preview and an import
      await page.getByRole('radio', { name: 'Software & Tools' }).check();
      const [toolTemplate] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Template' }).click(),
      ]);
      expect(toolTemplate.suggestedFilename()).toBe('software_template.csv');
      await page.getByText('Software name (required)', { exact: true }).waitFor();
      const { text, tag } = taggedFixture('software.csv');
      await page.locator('input[type=file]').setInputFiles(csvFile('tools.csv', text));
      await page.getByRole('button', { name: 'Process & Preview' }).click();
      await toast(page, 'Processing Complete').getByText('Processed 7 rows. 5 valid, 2 invalid.').waitFor();
      const table = page.getByRole('table', { name: 'Preview' });
      const row = (n: number) =>
        table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
      await row(2).getByText(`Fixture${tag} Tool One`).waitFor();
      await row(4).getByText('Duplicate of row 2').waitFor();
      await row(6).getByText('first_release is in the future').waitFor();
      await row(7).getByText('Software name is required').waitFor();
      await page.getByRole('tab', { name: 'Import' }).click();
      await page
        .getByText('Ready to import 4 valid software tools into the database. Invalid rows will be skipped.')
        .waitFor();
      await page.getByRole('button', { name: 'Import to Database' }).click();
      await toast(page, 'Upload Successful')
        .getByText('Successfully uploaded 4 software tools to the database.', { exact: false })
        .waitFor();
      const slug = await withDatabase((db) =>
        db
          .query<{ slug: string }>(
            `select ci.slug from public.content_items ci join public.software s on s.content_id = ci.id
             where ci.title = $1 and ci.status = 'published'`,
            [`Fixture${tag} Tool Two`],
          )
          .then((result) => result.rows[0]?.slug),
      );
      expect(slug).toBeDefined();
      await page.goto(`/tool/${slug}`);
      await page.getByRole('heading', { level: 1, name: `Fixture${tag} Tool Two` }).waitFor();
      await page.getByText('Released 2019').first().waitFor();
      await page.goto('/admin/csv-import');
      await page.getByRole('heading', { level: 1, name: 'CSV Data Import' }).waitFor();

      // a header without data rows is refused by the worker, and the page stays on Upload
      await page.locator('input[type=file]').setInputFiles(csvFile('empty.csv', 'name,description\n'));
      await page.getByRole('button', { name: 'Process & Preview' }).click();
      await toast(page, 'Processing Error').getByText('CSV must have at least a header row and one data row').waitFor();
      expect(await page.getByRole('tab', { name: 'Preview' }).isDisabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it('sends a plain user who opens /admin/csv-import to /unauthorized', async () => {
    const { page, close } = await openPage(browser(), fromAddress(134));
    try {
      await signInTo(page, member.email, '/');
      await page.getByRole('button', { name: 'Account menu for Max Importer' }).waitFor();
      await page.goto('/admin/csv-import');
      await page.waitForURL((url) => url.pathname === '/unauthorized');
    } finally {
      await close();
    }
  });
});
