import { describe, expect, it } from 'vitest';
import { generateSyntheticCatalog } from '@sciai/core';
import { withDatabase } from '../support/auth.ts';

/**
 * docs/product.md#sample-data: the catalog a new SciAI loads is not sample data; synthetic items
 * are. The 'Sample data' notice shows while its setting is on and the catalog holds sample items
 * whose figures are still the sample's; an item whose figures come from live signals is no
 * longer sample. Each case runs in a transaction that is rolled back, so the shared catalog (and
 * the setting other files read) is left as it was.
 */
async function inRolledBackTransaction(
  work: (query: (sql: string, params?: unknown[]) => Promise<unknown>) => Promise<void>,
) {
  await withDatabase(async (db) => {
    await db.query('begin');
    try {
      await work(async (sql, params) => (await db.query(sql, params)).rows);
    } finally {
      await db.query('rollback');
    }
  });
}

const banner = async (query: (sql: string) => Promise<unknown>) =>
  ((await query(`select public.public_site_settings() -> 'sample_data_banner' as on`)) as Array<{ on: boolean }>)[0]!
    .on;

/** A few synthetic items, with a seed of their own: slugs no other file loads. */
const synthetic = generateSyntheticCatalog(3, { startIndex: 900_001 });

describe('the sample-data notice', () => {
  it('marks no item of the catalog a new SciAI loads, and every synthetic item', async () => {
    const marked = await withDatabase((db) =>
      db.query<{ n: number }>(`select count(*)::int as n from public.content_items where metadata ? 'sample'`),
    );
    expect(marked.rows[0]!.n).toBe(0);
    await inRolledBackTransaction(async (query) => {
      await query(`select public.load_catalog($1::jsonb, true)`, [JSON.stringify(synthetic)]);
      const rows = (await query(
        `select (metadata ->> 'sample')::boolean as sample from public.content_items where slug = any ($1)`,
        [synthetic.map((item) => item.slug)],
      )) as Array<{ sample: boolean }>;
      expect(rows).toEqual(synthetic.map(() => ({ sample: true })));
      expect(await banner(query)).toBe(true);
    });
  });

  it('shows while sample items keep their figures, and goes once every one has live figures', async () => {
    await inRolledBackTransaction(async (query) => {
      await query(`select public.load_catalog($1::jsonb, true)`, [JSON.stringify(synthetic)]);
      await query(`update public.site_settings set value = 'true' where key = 'sample_data_banner'`);
      expect(await banner(query)).toBe(true);

      // enrich gives every sample item a live figure: none is sample any more
      await query(
        `insert into public.item_signals (content_id, signal, source, value_num, as_of)
         select ci.id, 'citations', 'openalex', 1, now() from public.content_items ci
         where ci.metadata ? 'sample'
         on conflict (content_id, signal) do update set value_num = excluded.value_num`,
      );
      expect(await banner(query)).toBe(false);

      // one sample item without a live figure is enough to show it again
      await query(
        `delete from public.item_signals where content_id =
           (select id from public.content_items where metadata ? 'sample' and status = 'published' limit 1)`,
      );
      expect(await banner(query)).toBe(true);

      // and the setting still turns it off
      await query(`update public.site_settings set value = 'false' where key = 'sample_data_banner'`);
      expect(await banner(query)).toBe(false);
    });
  });

  it('does not show for a catalog without sample items, whatever the setting', async () => {
    await inRolledBackTransaction(async (query) => {
      await query(`update public.site_settings set value = 'true' where key = 'sample_data_banner'`);
      await query(`update public.content_items set metadata = metadata - 'sample' where metadata ? 'sample'`);
      expect(await banner(query)).toBe(false);
    });
  });
});
