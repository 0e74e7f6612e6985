import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { SearchResultSchema } from '@sciai/core';
import { REPO_ROOT } from '@sciai/server';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';
import { createTestItem, readCounters } from '../support/test-items.ts';

const HALF_LIFE_HOURS = 48;
const HOUR_MS = 3_600_000;

/** docs/decisions/0007: weight × 0.5^(age in hours / 48); a view counts from noon (UTC) of its day. */
function decayed(weight: number, happenedAt: Date, now = new Date()): number {
  const ageHours = Math.max(0, (now.getTime() - happenedAt.getTime()) / HOUR_MS);
  return weight * 0.5 ** (ageHours / HALF_LIFE_HOURS);
}
function viewTime(daysAgo: number): Date {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  return new Date(day.getTime() - daysAgo * 24 * HOUR_MS);
}

/** Views from distinct visitors: the gateway counts one view per address, item and day. */
let nextVisitor = 0;
async function viewFromBrowsers(slug: string, count: number): Promise<void> {
  const backend = inject('backend');
  for (let n = 0; n < count; n += 1) {
    nextVisitor += 1;
    const address = `198.19.${Math.floor(nextVisitor / 250) + 100}.${(nextVisitor % 250) + 1}`;
    const browser = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        headers: { 'x-forwarded-for': address, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      },
    });
    const { data, error } = await browser.rpc('record_item_view', { item_slug: slug });
    expect(error).toBeNull();
    expect(data).toBe(true);
  }
}

async function searchOrder(search: string, sortBy: string): Promise<string[]> {
  const { data, error } = await anonClient().rpc('search_items', { search, sort_by: sortBy });
  expect(error).toBeNull();
  return SearchResultSchema.parse(data).items.map((item) => item.slug);
}

describe('trending', () => {
  it('a save and views raise an item in the trending and relevance orders at once', async () => {
    const word = `trend${randomUUID().slice(0, 8)}`;
    const [first, second] = [await createTestItem('software', word), await createTestItem('software', word)].sort(
      (a, b) => a.slug.localeCompare(b.slug),
    );
    // equal scores order by slug; give the later one activity
    const user = await signedInAs('user', 'trender');
    expect((await user.client.rpc('save_item', { item_id: second!.id })).error).toBeNull();
    await viewFromBrowsers(second!.slug, 3);

    const { trending_score: score } = await readCounters(second!.id);
    const expected = 5 + 3 * decayed(1, viewTime(0));
    expect(score).toBeCloseTo(expected, 2);
    expect((await readCounters(first!.id)).trending_score).toBe(0);

    expect(await searchOrder(word, 'trending')).toEqual([second!.slug, first!.slug]);
    expect(await searchOrder(word, 'relevance')).toEqual([second!.slug, first!.slug]);
  });

  it('refresh_trending_scores decays old activity and keeps the baseline', async () => {
    const item = await createTestItem('paper', 'decay', { trendingScore: 12.5 });
    const user = await signedInAs('user', 'decayer');
    expect((await user.client.rpc('save_item', { item_id: item.id })).error).toBeNull();
    expect((await readCounters(item.id)).trending_score).toBeCloseTo(17.5, 3);

    // the save and two views happened earlier: 2 days (one half-life) and 4 days ago
    const savedAt = new Date(Date.now() - 48 * HOUR_MS);
    await withDatabase(async (db) => {
      await db.query('update public.user_saved_items set saved_at = $1 where content_id = $2', [
        savedAt.toISOString(),
        item.id,
      ]);
      await db.query(
        `insert into public.item_views (content_id, visitor_hash, day)
         values ($1, $2, (now() at time zone 'UTC')::date - 2), ($1, $3, (now() at time zone 'UTC')::date - 4)`,
        [item.id, 'a'.repeat(32), 'b'.repeat(32)],
      );
    });
    const refreshed = await serviceClient().rpc('refresh_trending_scores');
    expect(refreshed.error).toBeNull();
    expect(refreshed.data).toBeGreaterThanOrEqual(1);
    const expected = 12.5 + decayed(5, savedAt) + decayed(1, viewTime(2)) + decayed(1, viewTime(4));
    expect((await readCounters(item.id)).trending_score).toBeCloseTo(expected, 2);

    // unsaving takes the save's decayed weight back off
    expect((await user.client.rpc('unsave_item', { item_id: item.id })).error).toBeNull();
    expect((await readCounters(item.id)).trending_score).toBeCloseTo(expected - decayed(5, savedAt), 2);

    // activity older than 30 days no longer counts
    await withDatabase((db) =>
      db.query('update public.item_views set day = day - 40 where content_id = $1', [item.id]),
    );
    expect((await serviceClient().rpc('refresh_trending_scores')).error).toBeNull();
    expect((await readCounters(item.id)).trending_score).toBeCloseTo(12.5, 3);
  });

  it('lets only the service role run the refresh', async () => {
    const user = await signedInAs('user', 'not-a-cron');
    expect((await user.client.rpc('refresh_trending_scores')).error?.code).toBe('42501');
    expect((await anonClient().rpc('refresh_trending_scores')).error?.code).toBe('42501');
  });

  it('`sciai trending refresh` recomputes the scores through the service role', async () => {
    const item = await createTestItem('software', 'cli-trend', { trendingScore: 3 });
    // drift the stored score, as a missed decay would; the refresh puts it back
    await withDatabase((db) =>
      db.query('update public.content_items set trending_score = 40 where id = $1', [item.id]),
    );
    const backend = inject('backend');
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.DATABASE_URL;
    delete env.FORCE_COLOR;
    const run = spawnSync(
      join(REPO_ROOT, 'node_modules/.bin/node'),
      [join(REPO_ROOT, 'cli/src/sciai.ts'), 'trending', 'refresh'],
      {
        cwd: REPO_ROOT,
        env: { ...env, SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey },
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(
      /Refreshed trending scores of the hosted Supabase project at .*: \d+ items? changed/,
    );
    expect((await readCounters(item.id)).trending_score).toBeCloseTo(3, 5);
  }, 60_000);
});
