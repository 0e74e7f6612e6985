import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orcidCheckCharacter } from '@sciai/core';
import { axeViolations } from '../support/axe.ts';
import { startOAuthTestSetup, type OAuthTestSetup } from '../support/oauth-flows.ts';
import { MOBILE, openPage, useBrowser } from './browser.ts';

const browser = useBrowser();

/**
 * docs/product.md#sign-in-with-a-provider and #orcid-verified, in a browser on a phone: a declined
 * consent comes back as a message on the sign-in page; then signing in with ORCID (from the
 * keyboard) makes an account, lands where the user was going, and the profile shows the iD as
 * ORCID-verified.
 */
describe('signing in with ORCID', () => {
  let setup: OAuthTestSetup;
  beforeAll(async () => {
    setup = await startOAuthTestSetup('pglite');
  });
  afterAll(async () => setup?.stop());

  it('shows a declined consent, then signs a new researcher in with a verified iD', async () => {
    const base = `00000002${String(randomInt(10_000_000)).padStart(7, '0')}`;
    const orcid = `${base}${orcidCheckCharacter(base)}`.match(/.{4}/g)!.join('-');
    // bypassCSP: axe is injected as a script
    const { page, close } = await openPage(browser(), {
      baseURL: setup.backend.url,
      viewport: MOBILE,
      bypassCSP: true,
    });
    try {
      await page.goto('/auth/signin?redirect=%2Fprofile');
      const orcidButton = page.getByRole('button', { name: 'Sign in with ORCID' });
      await orcidButton.waitFor();
      await page.getByRole('button', { name: 'Sign in with GitHub' }).waitFor();
      expect(await axeViolations(page, '[aria-label="Sign in with another account"]')).toEqual([]);

      setup.providers.answerNextBrowser('deny');
      await orcidButton.click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'The resource owner or authorization server denied the request.' })
        .waitFor();
      expect(new URL(page.url()).search).toBe('?redirect=%2Fprofile');

      setup.providers.answerNextBrowser({ provider: 'orcid', orcid, name: 'Josiah Carberry' });
      await page.getByRole('button', { name: 'Sign in with ORCID' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 2, name: 'Josiah Carberry' }).waitFor();
      expect(
        await page
          .getByRole('link', { name: new RegExp(orcid) })
          .first()
          .getAttribute('href'),
      ).toBe(`https://orcid.org/${orcid}`);
      await page.getByText('ORCID-verified').first().waitFor();
      // The account has no other way in: ORCID stays connected.
      await page.getByText('You sign in with ORCID, so your iD stays connected.').waitFor();
      expect(await page.getByRole('button', { name: 'Disconnect' }).count()).toBe(0);
      expect(await axeViolations(page, 'main')).toEqual([]);
      const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect(scrollWidth).toBeLessThanOrEqual(MOBILE.width);
    } finally {
      await close();
    }
  });
});
