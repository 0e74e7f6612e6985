import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { addressesIn, signInTo } from './session.ts';

const browser = useBrowser();

/** Each browser comes from an address of its own: sign-ins are limited per address. */
const { fromAddress } = addressesIn('198.51.103');

describe('the profile page and the public profile', () => {
  it('says Optional under both name fields of the sign-up form', async () => {
    const { page, close } = await openPage(browser(), { ...fromAddress(62), viewport: MOBILE });
    try {
      await page.goto('/auth/signup');
      for (const name of ['First name', 'Last name']) {
        const field = page.getByRole('textbox', { name, exact: true });
        await field.waitFor();
        const described = await field.getAttribute('aria-describedby');
        expect(described, name).toBeTruthy();
        expect(await page.locator(`[id="${described}"]`).textContent(), name).toBe('Optional');
      }
    } finally {
      await close();
    }
  });

  it('edits interests, ORCID and handle, requests verification, and shows /u/:handle only while public', async () => {
    const email = uniqueEmail('e2e-profile');
    const handle = `grace-${randomUUID().slice(0, 6)}`;
    const api = visitor('198.51.103.61');
    const session = await signUpAndConfirm(api, email, { data: { first_name: 'Grace', last_name: 'Hopper' } });

    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(61));
    try {
      await signInTo(page, email, '/profile');
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 2, name: 'Grace Hopper' }).waitFor();
      // One avatar colour: the header's and the profile's are the same (the header's shows once
      // the session is read).
      await expect.poll(() => page.locator('.mantine-Avatar-placeholder').count()).toBeGreaterThanOrEqual(2);
      const avatarColours = await page
        .locator('.mantine-Avatar-placeholder')
        .evaluateAll((avatars) =>
          avatars.map((avatar) => avatar.ownerDocument.defaultView?.getComputedStyle(avatar).backgroundColor),
        );
      expect(avatarColours.length).toBeGreaterThanOrEqual(2);
      expect(new Set(avatarColours).size).toBe(1);
      const stats = page.getByTestId('profile-stats');
      await stats.waitFor();
      expect(await page.getByTestId('stat-savedItems').textContent()).toBe('0');
      expect(await page.getByTestId('profile-status').textContent()).toBe('Unverified');

      // A wrong check digit is caught before saving.
      const orcid = page.getByRole('textbox', { name: 'ORCID iD', exact: true });
      await orcid.fill('0000-0002-1825-0098');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('This ORCID iD is not valid (its check digit does not match)').waitFor();

      await orcid.fill('0000-0002-1825-0097');
      await page.getByRole('textbox', { name: 'Handle', exact: true }).fill(handle);
      await page.getByRole('textbox', { name: 'Institution', exact: true }).fill('Harvard');
      const interests = page.getByRole('combobox', { name: 'Research interests', exact: true });
      for (const field of ['Computer Science', 'AI/ML']) {
        await interests.click();
        await page.getByRole('option', { name: field, exact: true }).click();
      }
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Profile updated successfully').waitFor();

      const orcidLink = page.getByRole('link', { name: /0000-0002-1825-0097/ });
      expect(await orcidLink.getAttribute('href')).toBe('https://orcid.org/0000-0002-1825-0097');
      // Typed, not proven by signing in with ORCID (docs/product.md#orcid-verified).
      await page.getByText('(not verified)').waitFor();
      expect(await page.getByText('ORCID-verified').count()).toBe(0);
      const interestList = page.getByRole('list', { name: 'Research interests' });
      await interestList.getByText('AI/ML', { exact: true }).waitFor();
      await interestList.getByText('Computer Science', { exact: true }).waitFor();
      const stored = await api
        .from('user_profiles')
        .select('orcid_id, handle, research_interests')
        .eq('id', session.user.id)
        .single();
      expect(stored.data).toEqual({
        orcid_id: '0000-0002-1825-0097',
        handle,
        research_interests: ['computer_science', 'ai_ml'],
      });

      await page.getByRole('button', { name: 'Request verification' }).click();
      await page.getByTestId('profile-status').filter({ hasText: 'Under Review' }).waitFor();
      expect(await page.getByRole('button', { name: 'Request verification' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: `/u/${handle}` }).getAttribute('href')).toBe(`/u/${handle}`);

      // Usable on a phone: nothing wider than the screen.
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded();
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(MOBILE.width);

      // The public profile, as a visitor on a phone sees it.
      const visitorPage = await openPage(browser(), { ...fromAddress(62), viewport: MOBILE });
      try {
        await visitorPage.page.goto(`/u/${handle}`);
        await visitorPage.page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
        await visitorPage.page.getByText('Harvard').waitFor();
        await visitorPage.page.getByText(`@${handle}`).waitFor();
        expect(await visitorPage.page.getByRole('link', { name: /0000-0002-1825-0097/ }).getAttribute('href')).toBe(
          'https://orcid.org/0000-0002-1825-0097',
        );
        expect(await visitorPage.page.content()).not.toContain(email);
        expect(await visitorPage.page.title()).toBe('Grace Hopper — SciAI');
        const scrollWidth = Number(await visitorPage.page.evaluate('document.documentElement.scrollWidth'));
        expect(scrollWidth).toBeLessThanOrEqual(MOBILE.width);
        const served = await fetch(`${inject('backend').url}/u/${handle}`);
        expect(served.status).toBe(200);
        expect(await served.text()).toContain('<title>Grace Hopper — SciAI</title>');

        // Private: the app's 404 page, HTTP 404, kept out of search engines.
        await withDatabase((db) =>
          db.query('update public.user_profiles set is_public = false where id = $1', [session.user.id]),
        );
        await visitorPage.page.goto(`/u/${handle}`);
        await visitorPage.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
        expect(await visitorPage.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
        const hidden = await fetch(`${inject('backend').url}/u/${handle}`);
        expect(hidden.status).toBe(404);
        expect(await hidden.text()).toContain('<meta name="robots" content="noindex" />');
        expect((await fetch(`${inject('backend').url}/u/no-such-${handle}`)).status).toBe(404);
      } finally {
        await visitorPage.close();
      }
      expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('admins without two-factor authentication', () => {
  it('are sent to set it up before entering the admin area', async () => {
    const email = uniqueEmail('e2e-profile');
    const session = await signUpAndConfirm(visitor('198.51.103.63'), email, {
      data: { first_name: 'Alan', last_name: 'Admin' },
    });
    await withDatabase((db) =>
      db.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [session.user.id]),
    );

    const { page, close } = await openPage(browser(), fromAddress(63));
    try {
      await signInTo(page, email, '/admin');
      await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('tab') === 'security');
      await page
        .getByText('Administrators must set up two-factor authentication before using the admin area.')
        .waitFor();
    } finally {
      await close();
    }
  });
});
