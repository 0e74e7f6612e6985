import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { visitor, withDatabase } from '../support/auth.ts';
import { createTestItem } from '../support/test-items.ts';
import { useBrowser, DESKTOP, MOBILE, openPage } from './browser.ts';
import { addressesIn, createAccount, createTotpAdmin, signInTo, signInWithTotp, type TotpAdmin } from './session.ts';

/** Each browser context comes from an address of its own: the auth limits count per address. */
const { address, fromAddress } = addressesIn('198.51.105');
const letters = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');

const browser = useBrowser();
let admin: TotpAdmin;
let member: { email: string; id: string };
let applicant: { email: string; id: string };
const searchTerm = `${letters()} proteomics`;

beforeAll(async () => {
  admin = await createTotpAdmin('e2e-admin', address(60), { first: 'Ada', last: 'Admin' });

  const plain = await createAccount('e2e-member', address(61), { first: 'Mary', last: 'Member' });
  member = { email: plain.email, id: plain.id };
  const asking = await createAccount('e2e-applicant', address(62), { first: 'Vera', last: 'Applicant' });
  const asked = await asking.client
    .from('user_profiles')
    .update({ verification_status: 'pending', institution: 'Lab of Tests' })
    .eq('id', asking.id);
  if (asked.error) throw asked.error;
  applicant = { email: asking.email, id: asking.id };

  // something for the analytics: a search with no results, as the browse page records it
  const searched = await visitor(address(63)).rpc('record_search', { term: searchTerm, result_count: 0 });
  if (searched.error) throw searched.error;
});

const count = (sql: string, params: unknown[] = []) =>
  withDatabase((db) => db.query<{ n: number }>(sql, params).then((result) => result.rows[0]!.n));

describe('the admin area', () => {
  it('lets an admin with 2FA see real figures, change a role, ban a user, approve a verification and read analytics', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress(64));
    try {
      await signInWithTotp(page, '/admin', admin);
      await page.waitForURL((url) => url.pathname === '/admin');

      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      const users = await count('select count(*)::int as n from auth.users');
      await page
        .getByRole('group', { name: 'Total Users' })
        .getByText(users.toLocaleString('en'), { exact: true })
        .waitFor();
      const pending = await count(
        `select count(*)::int as n from public.user_profiles where verification_status = 'pending'`,
      );
      await page
        .getByRole('group', { name: 'Pending Verifications' })
        .getByText(String(pending), { exact: true })
        .waitFor();
      await page.getByRole('group', { name: 'System Status' }).getByText('Healthy', { exact: true }).waitFor();
      await page
        .getByRole('group', { name: 'System Status' })
        .getByText(/^Engine: (PGlite|PostgreSQL)$/)
        .waitFor();
      await page.getByText(`${member.email} signed up`).waitFor();
      await page.screenshot({ path: '/tmp/admin-dashboard.png', fullPage: true });
      await page.getByRole('link', { name: 'Verifications' }).first().waitFor();

      // role change and ban, each confirmed
      await page.goto('/admin/users');
      await page.getByRole('textbox', { name: 'Search users' }).fill(member.email);
      const row = page.getByTestId('admin-user-row').filter({ hasText: member.email });
      await row.waitFor();
      // the search is debounced: the full list shows first, then only the match
      await expect.poll(() => page.getByTestId('admin-user-row').count(), { timeout: 10_000 }).toBe(1);
      await page.getByRole('combobox', { name: `Role of ${member.email}` }).click();
      await page.getByRole('option', { name: 'Moderator' }).click();
      await page.getByRole('dialog', { name: 'Change role' }).getByRole('button', { name: 'Change role' }).click();
      await page.getByText('Role updated').waitFor();
      expect(
        await count(`select count(*)::int as n from public.user_roles where user_id = $1 and role = 'moderator'`, [
          member.id,
        ]),
      ).toBe(1);

      await row.getByRole('button', { name: 'Ban' }).click();
      await page.getByRole('dialog', { name: 'Ban user' }).getByRole('button', { name: 'Ban' }).click();
      await page.getByText('User banned').waitFor();
      await row.getByText('Banned', { exact: true }).waitFor();
      expect(
        await count('select count(*)::int as n from auth.users where id = $1 and banned_until > now()', [member.id]),
      ).toBe(1);
      expect(await count('select count(*)::int as n from auth.sessions where user_id = $1', [member.id])).toBe(0);

      // on a phone the page keeps to the screen's width: the table scrolls inside its own box
      await page.setViewportSize(MOBILE);
      await row.getByText('Banned', { exact: true }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      await page.screenshot({ path: '/tmp/admin-users-mobile.png' });
      await page.setViewportSize({ width: 1280, height: 800 });

      // verification approval
      await page.goto('/admin/verifications');
      const request = page.getByTestId('verification-request').filter({ hasText: applicant.email });
      await request.getByText('Institution: Lab of Tests').waitFor();
      await request.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog', { name: 'Approve verification' }).getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Verification approved').waitFor();
      await request.waitFor({ state: 'detached' });
      expect(
        await count(
          `select count(*)::int as n from public.user_profiles where id = $1 and verification_status = 'verified'`,
          [applicant.id],
        ),
      ).toBe(1);

      // content: every item, any status; a quick action from the row's menu
      const item = await withDatabase((db) =>
        db.query<{ id: string; title: string }>(
          `select id, title from public.content_items where status = 'published' and not featured order by title limit 1`,
        ),
      ).then((result) => result.rows[0]!);
      await page.goto('/admin/content');
      await page.getByRole('tab', { name: 'All content' }).click();
      await page.getByRole('textbox', { name: 'Search content' }).fill(item.title);
      const itemRow = page.getByTestId('admin-item-row').filter({ hasText: item.title }).first();
      await itemRow.getByRole('button', { name: `Actions for ${item.title}` }).click();
      await page.getByRole('menuitem', { name: 'Feature', exact: true }).click();
      await page.getByText('Item featured').waitFor();
      await itemRow.getByText('Featured', { exact: true }).waitFor();
      expect(
        await count('select count(*)::int as n from public.content_items where id = $1 and featured', [item.id]),
      ).toBe(1);

      // an item's history on a phone: the versions, one version's diff, and a revert confirmed
      const edited = await createTestItem('software', 'e2e-history');
      await withDatabase(async (db) => {
        await db.query("update public.content_items set title = 'History Tool Two' where id = $1", [edited.id]);
        await db.query(
          "update public.content_items set title = 'History Tool Three', description = 'A tool that docks ligands fast.' where id = $1",
          [edited.id],
        );
      });
      await page.setViewportSize(MOBILE);
      await page.goto(`/tool/${edited.slug}`);
      await page.getByRole('tab', { name: 'History' }).click();
      await page.waitForURL((url) => url.search === '?tab=history');
      const versions = page.getByRole('list', { name: 'Versions' });
      await versions.getByText('Changed: Description, Name').waitFor();
      await versions.getByText('Changed: Name', { exact: true }).waitFor();
      await versions.getByRole('link', { name: 'Version 2' }).click();
      await page.waitForURL((url) => url.search === '?tab=history&version=2');
      const changes = page.getByRole('region', { name: 'Description' });
      await changes.locator('del').getByText(`Description of ${edited.title}.`).waitFor();
      await changes.locator('ins').getByText('A tool that docks ligands fast.').waitFor();
      await page.getByRole('region', { name: 'Name' }).getByText('History Tool Three').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      await page.screenshot({ path: '/tmp/item-history-mobile.png', fullPage: true });
      // the previous version's link, its arrow drawn for sight alone
      await page.getByRole('link', { name: 'Version 1', exact: true }).filter({ hasText: '←' }).click();
      await page.getByRole('heading', { name: 'Version 1 of 2' }).waitFor();
      await page.getByRole('button', { name: 'Revert to this version' }).click();
      const confirm = page.getByRole('dialog', { name: `Revert “History Tool Three”?` });
      await confirm.getByRole('button', { name: 'Revert' }).click();
      await page.getByText('Reverted to version 1').waitFor();
      await page.waitForURL((url) => url.search === '?tab=history');
      await versions.getByText('Revert to version 1,').waitFor();
      expect(
        await withDatabase((db) =>
          db.query('select title, description from public.content_items where id = $1', [edited.id]),
        ).then((result) => result.rows[0]),
      ).toEqual({ title: 'History Tool Two', description: `Description of ${edited.title}.` });
      await page.setViewportSize(DESKTOP);

      // settings: a switch saves at once
      await page.goto('/admin/settings');
      const banner = page.getByRole('switch', { name: 'Sample data banner' });
      const wasOn = await banner.isChecked();
      await banner.focus();
      await page.keyboard.press('Space');
      await page.getByText('Setting saved').first().waitFor();
      const stored = await withDatabase((db) =>
        db.query(`select value from public.site_settings where key = 'sample_data_banner'`),
      );
      expect(stored.rows[0].value).toBe(!wasOn);
      await page
        .getByText('Setting saved')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      await banner.focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() =>
          withDatabase((db) =>
            db.query(`select value from public.site_settings where key = 'sample_data_banner'`),
          ).then((r) => r.rows[0].value),
        )
        .toBe(wasOn);

      // analytics: charts with their tables, and the search that found nothing
      await page.goto('/admin/analytics');
      await page.getByRole('heading', { level: 2, name: 'Sign-ups' }).waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      const noResults = page.getByRole('region', { name: 'Searches with no results' });
      await noResults.getByRole('cell', { name: searchTerm }).waitFor();
      // Mantine draws the radios as labels over visually hidden inputs: click what a user sees
      await page.getByText('7 days', { exact: true }).click();
      await page.getByRole('radio', { name: '7 days', checked: true }).waitFor({ state: 'attached' });
      const signups = page.getByRole('region', { name: 'Sign-ups' });
      // by keyboard, as a screen-reader user would
      await signups.getByRole('switch', { name: 'Show as table' }).focus();
      await page.keyboard.press('Space');
      // a header and seven days, once the 7-day figures replace the 30-day ones
      await expect.poll(() => signups.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBe(8);
      await page.screenshot({ path: '/tmp/admin-analytics.png', fullPage: true });
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('sends a plain user who opens /admin to /unauthorized', async () => {
    const plain = await createAccount('e2e-plain', address(65), { first: 'Paul', last: 'Plain' });
    const { page, close } = await openPage(browser(), fromAddress(66));
    try {
      await signInTo(page, plain.email, '/');
      await page.getByRole('button', { name: 'Account menu for Paul Plain' }).waitFor();
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/unauthorized');
      await page.goto('/admin/users');
      await page.waitForURL((url) => url.pathname === '/unauthorized');
    } finally {
      await close();
    }
  });
});
