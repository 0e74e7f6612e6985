import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';

/**
 * docs/product.md#sample-data: the 'Sample data' notice shows while its setting is on and the
 * catalog holds sample items whose figures are still the sample's; an item whose figures come
 * from live signals is no longer sample. Each case runs in a transaction that is rolled back, so
 * the shared catalog (and the setting other files read) is left as it was.
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

describe('the sample-data notice', () => {
  it('is marked on every item the sample catalog loads', async () => {
    const rows = await withDatabase((db) =>
      db.query<{ sample: boolean | null }>(
        `select (metadata ->> 'sample')::boolean as sample from public.content_items
         where slug in ('alphafold', 'alphafold-2-paper')`,
      ),
    );
    expect(rows.rows).toEqual([{ sample: true }, { sample: true }]);
  });

  it('shows while sample items keep their figures, and goes once every one has live figures', async () => {
    await inRolledBackTransaction(async (query) => {
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
