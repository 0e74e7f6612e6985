import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { createTestItem, readCounters } from '../support/test-items.ts';
import { useBrowser, openPage } from './browser.ts';
import { addressesIn, signInTo } from './session.ts';

const browser = useBrowser();

/** This file's own addresses: sign-ins are limited per address. */
const { fromAddress } = addressesIn('198.51.107');

/** The supabase-js chunk (vite.config.ts names it), which the app imports after its first paint. */
const SUPABASE_CHUNK = /\/assets\/supabase-[\w-]{8}\.js$/;

/**
 * Holds the supabase-js chunk until released, and records every data or auth API call, so a
 * test can see what the page does before the client exists.
 */
async function holdClient(page: Page) {
  const held: Route[] = [];
  const apiCalls: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/rest/v1/') || pathname.startsWith('/auth/v1/')) apiCalls.push(pathname);
  });
  await page.route(SUPABASE_CHUNK, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  return { held, apiCalls, release };
}

describe('detail page before supabase-js has loaded', () => {
  it('shows the item from the first HTML and answers Compare and Share; data calls start once the client is there', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    const client = await holdClient(page);
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.addInitScript('delete Navigator.prototype.share; delete navigator.share;');
      const response = await page.goto('/tool/alphafold');
      expect(response?.status()).toBe(200);

      // The app's own page (the server's plain summary has no buttons), while the client is held.
      const compare = page.getByRole('button', { name: /^Compare/ });
      await compare.waitFor();
      await expect.poll(() => client.held.length).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1, name: 'AlphaFold 2' }).isVisible()).toBe(true);
      expect(await page.getByText('Google DeepMind · Software · Released 2021').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Visit Website' }).getAttribute('href')).toBe(
        'https://github.com/google-deepmind/alphafold',
      );
      expect(await page.getByRole('region', { name: 'Key Features', exact: true }).isVisible()).toBe(true);
      expect(
        await page
          .getByRole('region', { name: 'Details', exact: true })
          .getByText('Apache-2.0 · Open source')
          .isVisible(),
      ).toBe(true);

      await compare.click();
      await page.getByRole('button', { name: /^Added to compare/ }).waitFor();
      await page.getByRole('complementary', { name: 'Compare tray' }).waitFor();
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByText('Link copied').waitFor();
      expect(client.apiCalls).toEqual([]);

      client.release();
      // Then the client loads: related items, the view count and the background refresh of the item.
      await page.getByRole('heading', { level: 2, name: 'Related Items' }).waitFor();
      await expect
        .poll(() => client.apiCalls)
        .toEqual(
          expect.arrayContaining([
            '/rest/v1/rpc/related_items',
            '/rest/v1/rpc/record_item_view',
            '/rest/v1/rpc/item_details',
          ]),
        );
      expect(await page.getByRole('heading', { level: 1, name: 'AlphaFold 2' }).isVisible()).toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      client.release();
      await close();
    }
  });

  it('shows the not-found page for an unknown slug at once, and its suggestions once the client is there', async () => {
    const { page, close } = await openPage(browser());
    const client = await holdClient(page);
    try {
      const response = await page.goto('/paper/no-such-paper-anywhere');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
      await expect.poll(() => client.held.length).toBe(1);
      client.release();
      await expect.poll(() => client.apiCalls).toContain('/rest/v1/rpc/similar_items');
    } finally {
      client.release();
      await close();
    }
  });

  it("keeps a signed-in user's early Save until the session is restored, then saves", async () => {
    const item = await createTestItem('software', 'early-save');
    await withDatabase((db) =>
      db.query(`insert into public.software (content_id, pricing_model) values ($1, 'free')`, [item.id]),
    );
    const email = uniqueEmail('e2e-early-save');
    await signUpAndConfirm(visitor(), email);
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(1));
    try {
      await signInTo(page, email);
      await page.waitForURL((url) => url.pathname === '/');
      const client = await holdClient(page);
      try {
        await page.goto(`/tool/${item.slug}`);
        await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
        await page.getByRole('button', { name: /^Save Tool/ }).click();
        // Pressed while the client is held: waiting, not sent to sign-in.
        await page.getByRole('button', { name: /^Loading\.\.\./ }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/tool/${item.slug}`);
        client.release();
        await page.getByText('Item saved to your library').waitFor();
        await page.getByRole('button', { name: /^Saved/ }).waitFor();
        await expect.poll(async () => (await readCounters(item.id)).save_count).toBe(1);
        expect(consoleErrors).toEqual([]);
      } finally {
        client.release();
      }
    } finally {
      await close();
      await withDatabase((db) => db.query('delete from public.content_items where id = $1', [item.id]));
    }
  });

  it("sends a visitor's early Save to sign-in once the client knows there is no session", async () => {
    const { page, close } = await openPage(browser());
    const client = await holdClient(page);
    try {
      await page.goto('/tool/alphafold');
      await page.getByRole('button', { name: /^Save Tool/ }).click();
      client.release();
      await page.waitForURL(
        (url) => url.pathname === '/auth/signin' && url.searchParams.get('redirect') === '/tool/alphafold',
      );
    } finally {
      client.release();
      await close();
    }
  });
});
