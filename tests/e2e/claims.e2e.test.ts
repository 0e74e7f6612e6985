import { describe, expect, it } from 'vitest';
import { itemPath } from '@sciai/core';
import { axeViolations } from '../support/axe.ts';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { addressesIn, createAccount, signInTo } from './session.ts';
import { claimableItem, connectGithub } from '../support/claims.ts';
import { GITHUB_FIXTURE_TOKENS } from '../support/github-claims-fixture.ts';

const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.151');

/**
 * Claims in the browser (docs/product.md#claims), at 375 px: the repository's admin claims the
 * tool from its page, is named its maintainer, edits a fact that is recorded on the page, and
 * finds the item in Settings → Claims.
 */
describe('claiming an item from its page', () => {
  it('claims by GitHub, edits the short description, and lists the claim in settings', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), {
      viewport: MOBILE,
      // axe is injected as a script, which the app's CSP would refuse
      bypassCSP: true,
      ...fromAddress(1),
    });
    try {
      const account = await createAccount('claims-e2e', address(1), { first: 'Rosalind', last: 'Keeper' });
      await connectGithub(account.id, GITHUB_FIXTURE_TOKENS.ada);
      const item = await claimableItem('e2e-claim', { repository: 'https://github.com/claims-lab/claimable-tool' });
      await signInTo(page, account.email, itemPath('software', item.slug));

      const section = page.getByRole('region', { name: 'Maintainer' });
      await section.getByText('No one maintains this item yet.', { exact: false }).waitFor();
      await section.getByRole('button', { name: 'Claim this item' }).click();
      const dialog = page.getByRole('dialog', { name: `Claim “${item.title}”` });
      // the proof the item supports first: its repository
      await dialog.getByRole('button', { name: 'Check my GitHub permission' }).waitFor();
      expect(await dialog.getByRole('radio', { name: 'GitHub' }).isChecked()).toBe(true);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Check my GitHub permission' }).click();
      await section.getByText('Maintained by Rosalind Keeper (you)').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

      await section.getByRole('button', { name: 'Edit facts' }).click();
      const form = page.getByRole('dialog', { name: 'Edit this item’s facts' });
      await form.getByRole('textbox', { name: 'Short description' }).fill('Runs on one GPU in an hour');
      await form.getByRole('button', { name: 'Save changes' }).click();
      // the edit is a version of the item, credited to its maintainer, in the History tab
      await page.getByText('Changes saved').waitFor();
      await section.getByRole('link', { name: 'history' }).click();
      await page.waitForURL((url) => url.search === '?tab=history');
      const versions = page.getByRole('list', { name: 'Versions' });
      await versions.getByText('Changed: Short description').waitFor();
      await versions.getByText(/Rosalind Keeper \(maintainer\)|The maintainer/).waitFor();
      await versions.getByRole('link', { name: 'Version 1' }).click();
      const change = page.getByRole('region', { name: 'Short description' });
      await change.locator('del').getByText(`About ${item.title}`).waitFor();
      await change.locator('ins').getByText('Runs on one GPU in an hour').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

      await page.goto('/settings?tab=claims');
      const claims = page.getByRole('list', { name: 'Your claims' });
      await claims.getByRole('link', { name: item.title }).waitFor();
      await claims.getByText('You maintain it').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
