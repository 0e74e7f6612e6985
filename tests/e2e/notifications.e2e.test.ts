import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser.ts';
import { axeViolations } from '../support/axe.ts';
import { withDatabase } from '../support/auth.ts';
import { addressesIn, createAccount, signInTo } from './session.ts';

const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.173');
const PHONE = { width: 390, height: 844 } as const;
const scrollWidth = async (page: Awaited<ReturnType<typeof openPage>>['page']) =>
  Number(await page.evaluate('document.documentElement.scrollWidth'));

/**
 * docs/product.md#notifications-page and #notification-preferences on a phone: the bell's count,
 * the page's entries, marking read, an e-mail choice saved, and the private feed's address.
 */
describe('notifications', () => {
  it('counts, lists and marks notifications, and saves the e-mail and feed settings', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), {
      ...fromAddress(1),
      viewport: PHONE,
      bypassCSP: true,
    });
    try {
      const { email, id } = await createAccount('inbox', address(1), { first: 'Grace', last: 'Hopper' });
      // written as the notification engine writes them: by the database owner, oldest first
      await withDatabase(async (db) => {
        const entries = [
          [
            'item_review',
            { title: 'AlphaFold', path: '/tool/alphafold?tab=reviews', person: 'Ada Lovelace', rating: 5 },
          ],
          ['review_reply', { title: 'AlphaFold', path: '/tool/alphafold?tab=reviews', person: 'Maintainer' }],
          ['item_release', { title: 'AlphaFold', path: '/tool/alphafold', version: 'v3.0' }],
        ] as const;
        for (const [index, [kind, payload]] of entries.entries()) {
          await db.query(
            'insert into public.notifications (user_id, kind, event_key, payload) values ($1, $2, $3, $4)',
            [id, kind, `e2e:${index}`, payload],
          );
        }
      });

      await signInTo(page, email);
      const bell = page.getByRole('banner').getByRole('link', { name: 'Notifications, 3 unread' });
      await bell.waitFor();
      await bell.click();
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      const entries = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
      await entries.first().waitFor();
      expect(await entries.allInnerTexts()).toEqual([
        expect.stringContaining('AlphaFold released v3.0'),
        expect.stringContaining('Maintainer replied to your review of AlphaFold'),
        expect.stringContaining('New review of AlphaFold by Ada Lovelace (5/5)'),
      ]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await axeViolations(page)).toEqual([]);

      // following an entry opens what changed and marks it read
      await entries.first().getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/tool/alphafold');
      await page.getByRole('banner').getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
      await page.goto('/notifications?show=unread');
      const unread = page.getByRole('list', { name: 'Unread notifications' }).getByRole('listitem');
      await unread.first().waitFor();
      expect(await unread.count()).toBe(2);
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await page.getByText('No unread notifications').waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }).waitFor();

      // Settings → Notifications: a choice per category, saved with the account
      await page.goto('/settings?tab=notifications');
      const replies = page.getByRole('combobox', { name: 'Replies to my reviews' });
      expect(await replies.inputValue()).toBe('instant');
      await replies.selectOption({ label: 'Daily digest' });
      await page.getByText('Replies to my reviews: Daily digest.').waitFor();
      const stored = await withDatabase((db) =>
        db.query<{ email: Record<string, string> }>(
          `select notification_preferences -> 'email' as email from public.user_profiles where id = $1`,
          [id],
        ),
      );
      expect(stored.rows[0]?.email).toMatchObject({ replies: 'daily', new_items: 'daily', decisions: 'instant' });
      await page.getByText('Security e-mails are always sent', { exact: false }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // the private feed: made here, shown once, read by a feed reader
      await page.getByRole('button', { name: 'Create feed address' }).click();
      const feedAddress = page.getByRole('textbox', { name: 'Private feed address' });
      await feedAddress.waitFor();
      const url = await feedAddress.inputValue();
      expect(url).toMatch(/\/feeds\/notifications\/[0-9a-f]{64}\.atom$/);
      const feed = await fetch(url, { headers: { 'x-forwarded-for': address(2) } });
      expect(feed.status).toBe(200);
      expect(await feed.text()).toContain('<title>AlphaFold released v3.0</title>');
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await page.getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('button', { name: 'Create feed address' }).waitFor();
      expect((await fetch(url, { headers: { 'x-forwarded-for': address(2) } })).status).toBe(404);

      // a search's own feed, offered on /browse: the canonical address, whatever the sort
      await page.goto('/browse?search=protein&sort=most_saved');
      const searchFeed = page.getByRole('link', { name: 'Feed of this search' });
      await searchFeed.waitFor();
      expect(await searchFeed.getAttribute('href')).toBe('/feeds/search.atom?search=protein');
      expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    } finally {
      await close();
    }
  });
});
