import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withDatabase } from '../support/auth.ts';
import { createTestItem } from '../support/test-items.ts';
import { DESKTOP, openPage, useBrowser } from './browser.ts';
import { addressesIn, createAccount, fillSignIn } from './session.ts';

/**
 * What staff see of harvest and enrich: harvested items in the moderation queue with their source,
 * query and run, and /admin/catalog-health with failing links, archived repositories, stale facts,
 * the last runs and the re-check button. The data is written the way harvest and enrich write it.
 */
const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.131');
const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

async function moderator(n: number): Promise<string> {
  const made = await createAccount(`e2e-harvest-moderator-${n}`, address(n), { first: 'Mona', last: 'Moderator' });
  await withDatabase((db) =>
    db.query(`insert into public.user_roles (user_id, role) values ($1, 'moderator')`, [made.id]),
  );
  return made.email;
}

async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/auth/signin');
  await fillSignIn(page, email);
  await page.waitForURL((url) => url.pathname === path);
}

describe('harvest and enrich for staff', () => {
  it('shows a harvested item in the moderation queue with its source, query and run, and publishes it', async () => {
    const suffix = letters();
    const title = `Harvested protein folding ${suffix}`;
    const ids = await withDatabase(async (db) => {
      const run = await db.query<{ id: string }>(
        `insert into public.harvest_runs (source, query, status, pages, added, started_at)
         values ('openalex', $1, 'completed', 1, 1, '2026-11-20T08:00:00Z') returning id`,
        [{ search: `protein folding ${suffix}`, since: '2025-01-01' }],
      );
      const runId = run.rows[0]!.id;
      const item = await db.query<{ id: string }>(
        `insert into public.content_items (slug, title, short_description, content_type, status, metadata)
         values ($1, $2, 'Found by a harvest.', 'paper', 'pending', $3) returning id`,
        [`harvested-${suffix}`, title, { harvest: { source: 'openalex', run_id: runId } }],
      );
      const id = item.rows[0]!.id;
      await db.query(`insert into public.papers (content_id) values ($1)`, [id]);
      await db.query(`insert into public.external_ids (content_id, scheme, value) values ($1, 'openalex', $2)`, [
        id,
        `W9${randomInt(1e9)}`,
      ]);
      return { runId, id };
    });

    const email = await moderator(10);
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: DESKTOP, ...fromAddress(11) });
    try {
      await signInAt(page, '/admin/content', email);
      const card = page.getByRole('article', { name: title });
      await card.getByText('Harvested from OpenAlex').waitFor();
      const text = await card.innerText();
      expect(text).toContain(`search "protein folding ${suffix}", since "2025-01-01"`);
      expect(text).toContain(`Run ${ids.runId.slice(0, 8)} started 20 Nov 2026`);
      expect(text).toMatch(/openalex:W9\d+/);
      await page.getByRole('heading', { level: 2, name: /^Harvested items \(\d+\)$/ }).waitFor();

      await card.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Item published').first().waitFor();
      await card.waitFor({ state: 'detached' });
      const status = await withDatabase((db) =>
        db.query<{ status: string }>('select status from public.content_items where id = $1', [ids.id]),
      );
      expect(status.rows[0]!.status).toBe('published');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says only what is true when a list is empty: contributions beside harvested items, facts of checked items', async () => {
    const suffix = letters();
    const title = `Harvested while no one contributed ${suffix}`;
    await withDatabase(async (db) => {
      const run = await db.query<{ id: string }>(
        `insert into public.harvest_runs (source, query, status, pages, added, started_at)
         values ('openalex', $1, 'completed', 1, 1, now()) returning id`,
        [{ search: `empty queue ${suffix}` }],
      );
      const item = await db.query<{ id: string }>(
        `insert into public.content_items (slug, title, short_description, content_type, status, metadata)
         values ($1, $2, 'Found by a harvest.', 'paper', 'pending', $3) returning id`,
        [`harvested-${suffix}`, title, { harvest: { source: 'openalex', run_id: run.rows[0]!.id } }],
      );
      await db.query(`insert into public.papers (content_id) values ($1)`, [item.rows[0]!.id]);
    });
    const email = await moderator(30);
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: DESKTOP, ...fromAddress(31) });
    try {
      // Other files' contributions may be pending on the shared backend: this page sees none, and
      // the real list of harvested items and the real catalog health otherwise.
      await page.route(/\/rest\/v1\/content_submissions\?.*status=eq\.pending/, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
      );
      await page.route(/\/rest\/v1\/rpc\/catalog_health/, async (route) => {
        const answer = await route.fetch();
        const health = (await answer.json()) as { stale: unknown[]; never_checked: number };
        await route.fulfill({ response: answer, json: { ...health, stale: [], never_checked: 210 } });
      });
      await signInAt(page, '/admin/content', email);
      await page.getByRole('article', { name: title }).waitFor();
      await page.getByText('No contributions are waiting for review.').waitFor();
      expect(await page.getByText('No submissions are waiting for review.').count()).toBe(0);
      expect(await page.getByText('Nothing is waiting for review.').count()).toBe(0);

      await page.goto('/admin/catalog-health');
      await page.getByText('210 published items have not been checked yet.').waitFor();
      const stale = page.getByRole('region', { name: /^Stale or failed facts/ });
      await stale.getByText('The facts of every checked item are fresh.').waitFor();
      expect(await page.getByText("Every item's facts are fresh.").count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows catalog health: dead and down links, archived repositories, stale facts, the last runs, re-check', async () => {
    const dead = await createTestItem('software', 'health-dead');
    const down = await createTestItem('software', 'health-down');
    const archived = await createTestItem('software', 'health-archived');
    const stale = await createTestItem('paper', 'health-stale');
    await withDatabase(async (db) => {
      await db.query(
        `insert into public.link_checks (content_id, link, url, ok, http_status, error, health, spaced_failures, checked_at)
         values ($1, 'homepage', 'https://example.org/gone', false, 404, null, 'dead', 3, now() - interval '1 hour'),
                ($2, 'homepage', 'https://example.org/slow', false, null, 'example.org did not answer within 20 s',
                 'down', 1, now() - interval '2 hours')`,
        [dead.id, down.id],
      );
      await db.query(
        `insert into public.item_signals (content_id, signal, source, value_num, as_of)
         values ($1, 'github_archived', 'github', 1, now() - interval '3 hours')`,
        [archived.id],
      );
      await db.query(
        `insert into public.item_enrich_state (content_id, source, checked_at, ok, error)
         values ($1, 'openalex', now() - interval '30 days', false, 'OpenAlex does not know 10.5555/x')`,
        [stale.id],
      );
      await db.query(
        `insert into public.enrich_runs (sources, origin, status, items, updated, failed, requests, not_modified,
           started_at, finished_at)
         values ('{github,openalex}', 'schedule', 'completed', 4242, 4200, 42, 5000, 1234, now(), now())`,
      );
      await db.query(
        `insert into public.harvest_runs (source, query, status, added, updated, skipped, started_at, finished_at)
         values ('biotools', '{"search": "health"}', 'completed', 17, 5, 3, now(), now())`,
      );
    });

    const email = await moderator(20);
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: DESKTOP, ...fromAddress(21) });
    try {
      await signInAt(page, '/admin/catalog-health', email);
      const links = page.getByRole('region', { name: /^Dead and down links/ });
      const deadRow = links.getByRole('row').filter({ hasText: dead.title });
      await deadRow.waitFor();
      expect(await deadRow.innerText()).toMatch(/dead[\s\S]*HTTP 404/);
      const downRow = links.getByRole('row').filter({ hasText: down.title });
      expect(await downRow.innerText()).toMatch(/down[\s\S]*did not answer within 20 s/);
      await page
        .getByRole('region', { name: /^Archived repositories/ })
        .getByText(archived.title)
        .waitFor();
      const staleRow = page
        .getByRole('region', { name: /^Stale or failed facts/ })
        .getByRole('row')
        .filter({ hasText: stale.title });
      expect(await staleRow.innerText()).toContain('OpenAlex does not know 10.5555/x');
      const enrichRuns = await page.getByRole('region', { name: /^Last enrich runs/ }).innerText();
      expect(enrichRuns).toMatch(/schedule\s+completed\s+4242\s+4200 \/ 42\s+5000 \(1234\)/);
      const harvestRuns = await page.getByRole('region', { name: /^Last harvest runs/ }).innerText();
      expect(harvestRuns).toMatch(/biotools\s+completed\s+17 \/ 5 \/ 3/);

      await deadRow.getByRole('button', { name: `Re-check ${dead.title}` }).click();
      await page.getByText(`${dead.title} will be re-checked within a minute.`).waitFor();
      await deadRow
        .getByRole('button', { name: `Re-check ${dead.title}` })
        .getByText('Queued')
        .waitFor();
      const requested = await withDatabase((db) =>
        db.query('select 1 from public.enrich_requests where content_id = $1', [dead.id]),
      );
      expect(requested.rowCount).toBe(1);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
