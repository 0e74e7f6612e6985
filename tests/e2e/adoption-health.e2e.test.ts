import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { createTestItem } from '../support/test-items.ts';
import { MOBILE, openPage, useBrowser } from './browser.ts';

const browser = useBrowser();

/** Signals as `sciai enrich` stores them, written straight into this test's own items. */
async function giveSignals(id: string) {
  await withDatabase(async (db) => {
    await db.query(
      `insert into public.software (content_id, github_url) values ($1, 'https://github.com/e2e-fixtures/tool')`,
      [id],
    );
    await db.query(
      `insert into public.item_signals (content_id, signal, source, value_num, value_text, detail, as_of) values
         ($1, 'github_stars', 'github', 1234, null, '{"via_name": "best-of-e2e-tools"}', '2026-11-20T06:00:00Z'),
         ($1, 'github_pushed_at', 'github', null, '2026-11-18T10:00:00.000Z', '{}', '2026-11-20T06:00:00Z'),
         ($1, 'github_release', 'github', null, 'v3.1.0', '{"published_at": "2026-10-02T00:00:00.000Z"}', '2026-11-20T06:00:00Z'),
         ($1, 'github_archived', 'github', 1, null, '{}', '2026-11-20T06:00:00Z'),
         ($1, 'citations', 'openalex', 321, null, '{}', '2026-11-19T06:00:00Z')`,
      [id],
    );
    await db.query(
      `insert into public.item_signal_history (content_id, signal, day, value_num, source)
       select $1, 'github_stars', current_date - d, 1234 - d * 3, 'github' from generate_series(0, 30, 10) d`,
      [id],
    );
    await db.query(
      `insert into public.link_checks (content_id, link, url, ok, http_status, error, health, spaced_failures, checked_at)
       values ($1, 'homepage', 'https://example.org/gone', false, 404, 'HTTP 404', 'dead', 3, '2026-11-21T06:00:00Z'),
              ($1, 'repository', 'http://[::ffff:7f00:1]:3001/ready', false, null, null, 'unchecked', 0, '2026-11-21T06:00:00Z')`,
      [id],
    );
  });
}

describe('Adoption & health card', () => {
  it('shows each figure with its source and date, the stars trend, link health, and "Not checked yet" when nothing was fetched', async () => {
    const checked = await createTestItem('software', 'health-card');
    const unchecked = await createTestItem('software', 'health-card-new');
    await giveSignals(checked.id);
    await withDatabase((db) => db.query('insert into public.software (content_id) values ($1)', [unchecked.id]));
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto(`/tool/${checked.slug}`);
      const card = page.getByRole('region', { name: 'Adoption & health' });
      await card.getByText('GitHub, as of 20 Nov 2026').first().waitFor();
      const text = await card.innerText();
      expect(text).toContain('1,234');
      expect(text).toContain('v3.1.0 (2 Oct 2026)');
      expect(text).toContain('18 Nov 2026');
      expect(text).toContain('OpenAlex, as of 19 Nov 2026');
      expect(text).toMatch(/archived repository/i);
      expect(text).toMatch(/dead \(404\)/i);
      expect(text).toContain('link check, as of 21 Nov 2026');
      // A link the checker may not visit says so, and nothing more.
      expect(text).toMatch(/^Not checked$/im);
      expect(text).toContain('SciAI checks links to public addresses only');
      expect(await card.getByRole('img', { name: /^Stars from 1,144 .* to 1,234 .*\(\+90\)$/ }).count()).toBe(1);
      // a figure read from a curated list says which (docs/product.md#facts)
      expect(text).toContain('GitHub, as of 20 Nov 2026, via best-of-e2e-tools');
      // the page's other mention of the stars is the same figure, with its source and date
      const statistics = await page.getByRole('region', { name: 'Statistics' }).innerText();
      expect(statistics).toContain('1.2K stars on GitHub, as of 20 Nov 2026, via best-of-e2e-tools');

      await page.goto(`/tool/${unchecked.slug}`);
      const empty = page.getByRole('region', { name: 'Adoption & health' });
      await empty.getByText('Not checked yet').first().waitFor();
      expect(await empty.getByText('Not checked yet').count()).toBeGreaterThanOrEqual(4);
      expect(await page.getByRole('region', { name: 'Statistics' }).innerText()).not.toMatch(/stars/i);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
