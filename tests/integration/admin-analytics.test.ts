import { randomInt, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, visitor, withDatabase } from '../support/auth.ts';
import { AnalyticsSchema } from '../../web/src/data/admin-schemas.ts';
import { rpcOk } from './admin-fixtures.ts';

const today = () => new Date().toISOString().slice(0, 10);

describe('admin analytics', () => {
  it('reports the period’s series, top items and search terms, with no personal data kept', async () => {
    const admin = await signedInAs('admin', 'analytics-admin');
    const member = await signedInAs('user', 'analytics-member');
    const { rows } = await withDatabase((db) =>
      db.query<{ id: string; slug: string }>(
        `select id, slug from public.content_items where status = 'published' order by slug limit 1`,
      ),
    );
    const item = rows[0]!;
    const before = await rpcOk(admin.client, 'admin_analytics', { days: 7 }, AnalyticsSchema);
    const beforeToday = before.series.at(-1)!;

    // a view, a save, a waitlist sign-up and searches, as visitors make them
    const browser = createClient(inject('backend').url, inject('backend').anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/${randomUUID()}` } },
    });
    const { data: counted } = await browser.rpc('record_item_view', { item_slug: item.slug });
    expect(counted).toBe(true);
    expect((await member.client.from('user_saved_items').insert({ content_id: item.id })).error).toBeNull();
    expect(
      (
        await visitor()
          .from('waitlist_signups')
          .insert({ email: `wait-${randomUUID().slice(0, 8)}@example.org` })
      ).error,
    ).toBeNull();
    // letters only: long digit runs look like phone numbers and are not kept
    const word = Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');
    for (const [term, count] of [
      [`  ${word.toUpperCase()}   Proteins `, 4],
      [`${word} proteins`, 3],
      [`${word} nothing`, 0],
    ] as const) {
      expect((await visitor().rpc('record_search', { term, result_count: count })).error).toBeNull();
    }
    expect((await visitor().rpc('record_search', { term: 'me@example.org', result_count: 0 })).error).toBeNull();

    const after = await rpcOk(admin.client, 'admin_analytics', { days: 7 }, AnalyticsSchema);
    expect(after.days).toBe(7);
    expect(after.series).toHaveLength(7);
    const now = after.series.at(-1)!;
    expect(now.day).toBe(today());
    expect(now.views).toBeGreaterThanOrEqual(beforeToday.views + 1);
    expect(now.saves).toBeGreaterThanOrEqual(beforeToday.saves + 1);
    expect(now.waitlist).toBeGreaterThanOrEqual(beforeToday.waitlist + 1);
    expect(now.signups).toBeGreaterThanOrEqual(2);

    const stored = await withDatabase((db) =>
      db.query<{ term: string; searches: number; zero_result_searches: number }>(
        `select term, searches, zero_result_searches from public.search_terms where term like $1 or term like '%@%' order by term`,
        [`${word}%`],
      ),
    );
    expect(stored.rows).toEqual([
      { term: `${word} nothing`, searches: 1, zero_result_searches: 1 },
      { term: `${word} proteins`, searches: 2, zero_result_searches: 0 },
    ]);
    const month = await rpcOk(admin.client, 'admin_analytics', { days: 30 }, AnalyticsSchema);
    expect(month.series).toHaveLength(30);
    expect(month.zero_result_terms.map((row) => row.term)).toContain(`${word} nothing`);
    expect(month.top_viewed.map((row) => row.slug)).toContain(item.slug);
    expect(month.top_saved.map((row) => row.slug)).toContain(item.slug);
    // the figures are the database's own
    const views = await withDatabase((db) =>
      db.query<{ n: number }>('select count(*)::int as n from public.item_views where day = current_date'),
    );
    expect(now.views).toBeLessThanOrEqual(views.rows[0]!.n);
  });
});
