import { describe, expect, it } from 'vitest';
import { signUpAndConfirm, uniqueEmail, visitor } from '../support/auth.ts';
import { useBrowser, openPage } from './browser.ts';
import { addressesIn, fillSignIn } from './session.ts';

const browser = useBrowser();

/** This file's own addresses: sign-ins are limited per address. */
const { fromAddress } = addressesIn('198.51.163');

const PHONE = { width: 390, height: 844 } as const;

describe('following', () => {
  it('follows a field and a search on a phone, lists them on /following, and unfollows them', async () => {
    const email = uniqueEmail('e2e-follow');
    await signUpAndConfirm(visitor(), email);
    const { page, consoleErrors, close } = await openPage(browser(), { ...fromAddress(1), viewport: PHONE });
    try {
      // a visitor's Follow goes to sign-in and comes back to the field's page
      await page.goto('/field/astronomy');
      await page.getByRole('heading', { level: 1, name: 'Astronomy and Astrophysics' }).waitFor();
      expect(await page.getByRole('link', { name: 'Browse Astronomy and Astrophysics' }).getAttribute('href')).toBe(
        '/browse?domain=astronomy',
      );
      await page.getByRole('button', { name: /^Follow/ }).click();
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/field/astronomy');
      await fillSignIn(page, email);
      await page.waitForURL((url) => url.pathname === '/field/astronomy');

      const follow = page.getByRole('button', { name: /^Follow/ });
      await follow.waitFor();
      // enabled once the session is restored and the follow state read
      await page.locator('[data-follow-button="field:astronomy"]:not([disabled])').waitFor();
      await follow.click();
      await page.getByText('You are following Astronomy and Astrophysics').waitFor();
      const following = page.getByRole('button', { name: /^Following/ });
      expect(await following.getAttribute('aria-pressed')).toBe('true');
      expect(await following.locator('[data-follower-count]').textContent()).toMatch(/^\d+ followers?$/);

      // a saved search, named
      await page.goto('/browse?search=galaxy&domain=astronomy&view=list');
      await page.getByRole('button', { name: 'Follow this search' }).click();
      const name = page.getByRole('textbox', { name: 'Name this search' });
      expect(await name.inputValue()).toBe('galaxy, Astronomy and Astrophysics');
      await name.fill('Galaxies');
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await page.getByRole('button', { name: 'Following this search' }).waitFor();

      await page.goto('/following');
      await page.getByRole('heading', { level: 1, name: 'Following' }).waitFor();
      await page.getByRole('heading', { name: 'Saved searches (1)' }).waitFor();
      expect(await page.getByRole('link', { name: 'Galaxies' }).getAttribute('href')).toBe(
        '/browse?search=galaxy&domain=astronomy',
      );
      expect(await page.getByRole('link', { name: 'Astronomy and Astrophysics' }).getAttribute('href')).toBe(
        '/field/astronomy',
      );
      // nothing sticks out of a phone's width
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(PHONE.width);

      await page.getByRole('button', { name: /^Unfollow\W*Astronomy and Astrophysics/ }).click();
      await page.getByText('You no longer follow Astronomy and Astrophysics').waitFor();
      await page.getByRole('heading', { name: 'Fields (1)' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Unfollow\W*Galaxies/ }).click();
      await page.getByRole('heading', { name: 'You are not following anything yet' }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
