import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/src/database/engine.ts';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';

/**
 * Facts the database derives instead of storing what it is told (docs/product.md#facts):
 * open_source from the licence on every write of a software or agent row, and an item's year
 * from its typed date (first release, publication, founding), which a direct edit cannot undo.
 */
describe('derived catalog facts', () => {
  const engine = inject('engine');
  let database: TestDatabase;
  let db: Database;

  // A database of its own, copied from the migrated template (the migrations' schema, no catalog)
  // rather than migrated again here: a PGlite migration costs 10 s, a copy well under one.
  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', 'sciai-derived-facts-');
    db =
      engine === 'postgres'
        ? await openPostgres(database.databaseUrl!)
        : await openPglite(join(database.dataDir, 'pglite'));
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    await database?.remove();
  });

  async function item(type: string, slug: string, year: number | null = null): Promise<string> {
    const { rows } = await db.pool.query<{ id: string }>(
      `insert into public.content_items (slug, title, content_type, year) values ($1, $1, $2, $3) returning id`,
      [slug, type, year],
    );
    return rows[0]!.id;
  }
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows[0] as T;

  it('sets open_source from the licence, whatever the writer says', async () => {
    const id = await item('software', 'derived-software');
    await db.pool.query(
      `insert into public.software (content_id, license, open_source) values ($1, 'CC-BY-NC-SA-4.0', true)`,
      [id],
    );
    expect(await one('select open_source from public.software where content_id = $1', [id])).toEqual({
      open_source: false,
    });
    await db.pool.query(`update public.software set license = 'MIT' where content_id = $1`, [id]);
    expect(await one('select open_source from public.software where content_id = $1', [id])).toEqual({
      open_source: true,
    });
    await db.pool.query(`update public.software set open_source = false where content_id = $1`, [id]);
    expect(await one('select open_source from public.software where content_id = $1', [id])).toEqual({
      open_source: true,
    });

    const agent = await item('agent', 'derived-agent');
    await db.pool.query(`insert into public.agents (content_id, open_source) values ($1, true)`, [agent]);
    expect(await one('select open_source from public.agents where content_id = $1', [agent])).toEqual({
      open_source: false,
    });
  });

  it('gives browse cards what the licence lets them claim', async () => {
    const licences: Array<[string, string | null]> = [
      ['card-mit', 'MIT'],
      ['card-nc', 'CC-BY-NC-SA-4.0'],
      ['card-commercial', 'Commercial'],
      ['card-none', null],
    ];
    const ids: string[] = [];
    for (const [slug, license] of licences) {
      const id = await item('software', slug, 2020);
      await db.pool.query(`insert into public.software (content_id, license) values ($1, $2)`, [id, license]);
      await db.pool.query(`update public.content_items set status = 'published', published_at = now() where id = $1`, [
        id,
      ]);
      ids.push(id);
    }
    const agent = await item('agent', 'card-agent', 2020);
    await db.pool.query(`insert into public.agents (content_id, license) values ($1, 'CC-BY-NC-4.0')`, [agent]);
    await db.pool.query(`update public.content_items set status = 'published', published_at = now() where id = $1`, [
      agent,
    ]);
    ids.push(agent);
    const { cards } = await one<{
      cards: Array<{ slug: string; open_source: boolean; license_status: string | null }>;
    }>('select public.item_cards($1::uuid[]) as cards', [ids]);
    expect(cards.map(({ slug, open_source, license_status }) => ({ slug, open_source, license_status }))).toEqual([
      { slug: 'card-mit', open_source: true, license_status: 'open_source' },
      { slug: 'card-nc', open_source: false, license_status: 'source_available' },
      { slug: 'card-commercial', open_source: false, license_status: null },
      { slug: 'card-none', open_source: false, license_status: null },
      { slug: 'card-agent', open_source: false, license_status: 'source_available' },
    ]);
  });

  it("keeps an item's year the year of its typed date", async () => {
    const paper = await item('paper', 'derived-paper', 1999);
    await db.pool.query(`insert into public.papers (content_id, publication_date) values ($1, '2021-07-15')`, [paper]);
    expect(await one('select year from public.content_items where id = $1', [paper])).toEqual({ year: 2021 });
    await db.pool.query(`update public.content_items set year = 1990 where id = $1`, [paper]);
    expect(await one('select year from public.content_items where id = $1', [paper])).toEqual({ year: 2021 });

    const company = await item('company', 'derived-company');
    await db.pool.query(`insert into public.companies (content_id, founded_year) values ($1, 2019)`, [company]);
    expect(await one('select year from public.content_items where id = $1', [company])).toEqual({ year: 2019 });

    const software = await item('software', 'derived-release', 2000);
    await db.pool.query(`insert into public.software (content_id, first_release) values ($1, '2023-04')`, [software]);
    expect(await one('select year from public.content_items where id = $1', [software])).toEqual({ year: 2023 });

    // no typed date: the year given stays (items harvested before a date is known)
    const undated = await item('software', 'derived-undated', 2017);
    await db.pool.query(`insert into public.software (content_id) values ($1)`, [undated]);
    expect(await one('select year from public.content_items where id = $1', [undated])).toEqual({ year: 2017 });
  });

  it('refuses typed dates that are no dates, and company sources that are no links', async () => {
    const id = await item('agent', 'derived-bad-date');
    for (const value of ['2021-13', '2021-02-30', '21', 'soon']) {
      await expect(
        db.pool.query(`insert into public.agents (content_id, first_release) values ($1, $2)`, [id, value]),
      ).rejects.toThrow();
    }
    const company = await item('company', 'derived-bad-source');
    await expect(
      db.pool.query(`insert into public.companies (content_id, funding_stage_source) values ($1, 'javascript:x')`, [
        company,
      ]),
    ).rejects.toThrow(/check constraint/);
  });
});
