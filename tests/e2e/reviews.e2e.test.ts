import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { createTestItem } from '../support/test-items.ts';
import { MOBILE, openPage, useBrowser } from './browser.ts';
import { addressesIn, createAccount, signInTo } from './session.ts';

const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.152');

const OTHERS_TEXT =
  'We ran it on 2,000 structures; results matched <b>the paper</b>. Notes at https://example.org/notes.';

/**
 * The Reviews section of a detail page (docs/product.md#reviews) in a browser: a visitor reads a
 * review (its markup shown as text, its address a link) and is asked to sign in; a new reader
 * writes a review with the keyboard-usable form, which waits for a moderator, and marks another
 * review helpful; at 375 px the section fits; a moderator approves the new review from the queue,
 * and, as the item's maintainer, replies to a review at 375 px with the keyboard.
 */
describe('reviews on a detail page', () => {
  it('reads, writes, marks and moderates reviews', async () => {
    const item = await createTestItem('software', 'e2e-reviewed');
    const [author, reader, moderator] = await Promise.all([
      createAccount('e2e-review-author', address(1), { first: 'Ada', last: 'Author' }),
      createAccount('e2e-review-reader', address(2), { first: 'Rita', last: 'Reader' }),
      createAccount('e2e-review-moderator', address(5), { first: 'Mo', last: 'Derator' }),
    ]);
    // the moderator also maintains the item: after the queue, they reply to a review at 375 px
    await withDatabase(async (db) => {
      await db.query("insert into public.user_roles (user_id, role) values ($1, 'moderator')", [moderator.id]);
      await db.query(
        "insert into public.item_claims (content_id, claimant_id, method, status) values ($1, $2, 'github', 'approved')",
        [item.id, moderator.id],
      );
    });
    await withDatabase((db) =>
      db.query(
        `insert into public.item_reviews (content_id, user_id, rating, body, used_for_task, status)
         values ($1, $2, 4, $3, 'Structure prediction', 'published')`,
        [item.id, author.id, OTHERS_TEXT],
      ),
    );
    const path = `/tool/${item.slug}`;

    const visitor = await openPage(browser(), fromAddress(3));
    try {
      await visitor.page.goto(path);
      const section = visitor.page.getByRole('region', { name: /^Reviews/ });
      await section.getByRole('heading', { name: 'Reviews (1)' }).waitFor();
      expect(
        await section.getByText('1 review by reviewers without a verified ORCID iD: 4.0 out of 5').isVisible(),
      ).toBe(true);
      const review = section.getByRole('article', { name: 'Review by Ada Author' });
      expect(await review.getByText('<b>the paper</b>', { exact: false }).isVisible()).toBe(true);
      expect(await review.locator('b').count()).toBe(0);
      const link = review.getByRole('link', { name: 'https://example.org/notes' });
      expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
      expect(await section.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
        `/auth/signin?redirect=${encodeURIComponent(path)}`,
      );
    } finally {
      await visitor.close();
    }

    // bypassCSP: axe is injected as a script, which the app's CSP would refuse
    const { page, consoleErrors, close } = await openPage(browser(), { ...fromAddress(4), bypassCSP: true });
    try {
      await signInTo(page, reader.email, path);
      const section = page.getByRole('region', { name: /^Reviews/ });
      await section.getByRole('button', { name: 'Write a review' }).click();
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.getByRole('button', { name: 'Publish review' }).click();
      await form.getByText('Choose a rating from 1 to 5 stars').waitFor();
      expect(await form.getByText('Write at least 50 characters').isVisible()).toBe(true);
      expect(await axeViolations(page, 'section[aria-labelledby="reviews-title"]')).toEqual([]);

      // the stars are radio buttons: reached and chosen with the keyboard
      await form.getByRole('radio', { name: '4 stars', exact: true }).focus();
      await page.keyboard.press('Space');
      expect(await form.getByRole('radio', { name: '4 stars', exact: true }).isChecked()).toBe(true);
      await form.getByRole('textbox', { name: 'What you used it for' }).fill('Docking small molecules');
      await form
        .getByRole('textbox', { name: 'Your review' })
        .fill('Set up in an afternoon; predictions agreed with our assays for most targets we tried.');
      await form.getByRole('button', { name: 'Publish review' }).click();
      await section.getByText('Waiting for moderation').waitFor();
      expect(await section.getByText('Your review', { exact: true }).isVisible()).toBe(true);
      expect(await axeViolations(page, 'section[aria-labelledby="reviews-title"]')).toEqual([]);

      const helpful = section
        .getByRole('article', { name: 'Review by Ada Author' })
        .getByRole('button', { name: /Helpful/ });
      await helpful.click();
      await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
      expect(await helpful.textContent()).toBe('Helpful (1)');

      await page.setViewportSize(MOBILE);
      expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(MOBILE.width);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }

    // The moderator approves the new reader's review from the queue.
    const staff = await openPage(browser(), fromAddress(6));
    try {
      await signInTo(staff.page, moderator.email, '/admin/content');
      const queue = staff.page.getByRole('region', { name: /^Reviews \(/ });
      const pending = queue.getByRole('article', { name: 'Review by Rita Reader' });
      await pending.getByRole('button', { name: 'Approve' }).click();
      await staff.page.getByText('The review is published.').waitFor();
      const { rows } = await withDatabase((db) =>
        db.query<{ status: string }>('select status from public.item_reviews where user_id = $1', [reader.id]),
      );
      expect(rows).toEqual([{ status: 'published' }]);

      await staff.page.setViewportSize(MOBILE);
      await staff.page.goto(path);
      const review = staff.page.getByRole('article', { name: 'Review by Ada Author' });
      await review.getByRole('button', { name: 'Reply' }).click();
      const form = review.getByRole('form', { name: 'Reply as the maintainer' });
      await form.getByRole('textbox', { name: 'Reply as the maintainer' }).fill('Thanks! Version 2 is faster.');
      expect(await form.getByText('28 / 2,000 characters', { exact: false }).isVisible()).toBe(true);
      await staff.page.keyboard.press('Tab');
      await staff.page.keyboard.press('Tab');
      await staff.page.keyboard.press('Enter');
      const reply = review.getByRole('region', { name: 'Reply from the maintainer' });
      await reply.getByText('Thanks! Version 2 is faster.').waitFor();
      expect(await reply.getByText('Maintainer', { exact: true }).isVisible()).toBe(true);
      expect(Number(await staff.page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
        MOBILE.width,
      );
      expect(staff.consoleErrors).toEqual([]);
    } finally {
      await staff.close();
    }
  });
});
