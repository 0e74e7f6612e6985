import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { IMPORT_COLUMNS, runCsvImport } from '@sciai/core';
import { serviceClient } from '../support/clients.ts';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { domainsOf, rpcOf } from '../support/csv-import.ts';

/**
 * commit_import skips the catalog's index triggers (bulk mode) and refreshes the browse index,
 * its counts and the vocabulary itself, set-based. Whatever it writes must be exactly what the
 * triggers write when the same items are touched one by one.
 */

/** A paper CSV whose words and DOIs carry the tag; shared authors, three domains, keywords, tags. */
function paperCsv(tag: string, domains: readonly string[], rows: number): string {
  const columns = IMPORT_COLUMNS.paper.map((column) => column.name);
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [columns.join(',')];
  for (let index = 1; index <= rows; index += 1) {
    const values: Record<string, string> = {
      // Only tagged words: other test files search the same shared catalog.
      title: `Bulk${tag} n${index}: w${tag}t${index % 7}`,
      abstract: `Bulk${tag}a${index} q${tag}, z${tag}.`,
      short_description: index % 3 === 0 ? '' : `Short note s${tag}n${index % 5}`,
      doi: `10.5555/bulk${tag}.${index}`,
      publication_date: `20${10 + (index % 15)}-0${1 + (index % 9)}-1${index % 9}`,
      peer_reviewed: index % 2 === 0 ? 'true' : 'false',
      citation_count: String(index * 3),
      keywords: JSON.stringify([`k${tag}${index % 4}`, `kw${tag}`]),
      domains: JSON.stringify([0, 1, 2].map((k) => domains[(index + k) % domains.length])),
      authors: JSON.stringify([`Person${tag} ${index}`, `Shared${tag} ${index % 3}`]),
    };
    lines.push(columns.map((column) => quote(values[column] ?? '')).join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function importPapers(rows: number): Promise<{ tag: string; ids: string[] }> {
  const tag = randomUUID().slice(0, 8);
  const service = serviceClient();
  const domains = await domainsOf(service);
  const { outcome } = await runCsvImport(
    paperCsv(
      tag,
      domains.map((domain) => domain.slug),
      rows,
    ),
    'paper',
    { call: rpcOf(service), domains },
    { fileName: `bulk-${tag}.csv` },
  );
  expect(outcome?.inserted).toBe(rows);
  const ids = await withDatabase(async (db) =>
    (
      await db.query<{ id: string }>(`select id from public.content_items where title like $1 order by id`, [
        `Bulk${tag} n%`,
      ])
    ).rows.map((row) => row.id),
  );
  expect(ids).toHaveLength(rows);
  return { tag, ids };
}

/** Everything the index triggers maintain for these items, as comparable JSON. */
async function indexState(db: pg.Client, tag: string, ids: string[]) {
  const search = await db.query(
    `select to_jsonb(cs) as row from public.content_search cs where content_id = any ($1::uuid[]) order by content_id`,
    [ids],
  );
  const vectors = await db.query(
    `select id, search_vector::text as vector from public.content_items where id = any ($1::uuid[]) order by id`,
    [ids],
  );
  const words = await db.query(`select word from public.search_vocabulary where word like $1 order by word`, [
    `%${tag}%`,
  ]);
  return { search: search.rows, vectors: vectors.rows, words: words.rows.map((row: { word: string }) => row.word) };
}

/** domain_item_counts against a recount of the published index rows. */
async function domainCountsDrift(db: pg.Client) {
  const drift = await db.query(`
    select coalesce(c.slug, r.slug) as slug, c.count as kept, r.count as recounted
    from public.domain_item_counts c
    full join (select u.slug, count(*)::integer as count from public.content_search cs, unnest(cs.domain_slugs) as u (slug)
               where cs.status = 'published' group by u.slug) r on r.slug = c.slug
    where coalesce(c.count, 0) <> coalesce(r.count, 0)`);
  return drift.rows;
}

describe('bulk import keeps the search index exact', () => {
  it('writes the same index rows, vectors, vocabulary and domain counts as the row-by-row triggers', async () => {
    const versionBefore = await withDatabase(async (db) =>
      Number((await db.query(`select version from public.catalog_state`)).rows[0].version),
    );
    const { tag, ids } = await importPapers(60);
    await withDatabase(async (db) => {
      // Other test files write the catalog too: hold the counts still while comparing.
      await db.query('begin isolation level repeatable read');
      try {
        await db.query('lock table public.domain_item_counts in exclusive mode');
        const imported = await indexState(db, tag, ids);
        expect(imported.search).toHaveLength(60);
        // Words of titles, tags and short descriptions (a paper without one: its abstract's start).
        expect(imported.words).toEqual(expect.arrayContaining([`bulk${tag}a3`, `k${tag}0`, `w${tag}t3`, `s${tag}n1`]));
        expect(imported.words).not.toContain(`bulk${tag}a1`);
        expect(await domainCountsDrift(db)).toEqual([]);
        // Staged rows leave out the description and tags that repeat the abstract and keywords.
        const copies = await db.query(
          `
          select count(*)::integer as n from public.content_items ci join public.papers p on p.content_id = ci.id
          where ci.id = any ($1::uuid[]) and ci.description = p.abstract and ci.tags = p.keywords and cardinality(ci.tags) = 2`,
          [ids],
        );
        expect(copies.rows[0].n).toBe(60);
        const version = Number((await db.query(`select version from public.catalog_state`)).rows[0].version);
        expect(version).toBeGreaterThan(versionBefore);

        // Now the triggers' way: drop what the import derived, then touch the items one at a time.
        await db.query(`delete from public.content_search where content_id = any ($1::uuid[])`, [ids]);
        await db.query(`delete from public.search_vocabulary where word like $1`, [`%${tag}%`]);
        await db.query(`update public.content_items set search_vector = ''::tsvector where id = any ($1::uuid[])`, [
          ids,
        ]);
        for (const id of ids) await db.query(`update public.content_items set title = title where id = $1`, [id]);
        const byTriggers = await indexState(db, tag, ids);
        expect(byTriggers.vectors.some((row: { vector: string }) => row.vector === '')).toBe(false);
        expect(imported).toEqual(byTriggers);
        expect(await domainCountsDrift(db)).toEqual([]);
      } finally {
        await db.query('rollback');
      }
    });
  });

  it('knows every trigger of the tables whose insert it runs without row triggers', async () => {
    // commit_import inserts items, type rows and links in replica mode and does itself what each
    // insert trigger below does (search vector inline, index and vocabulary refreshed, no trending
    // baseline at score 0). A new trigger on these tables must be mirrored there: this list fails
    // until it is.
    const triggers = await withDatabase(async (db) =>
      (
        await db.query<{ name: string }>(`
      select t.tgrelid::regclass::text || '.' || t.tgname as name from pg_trigger t
      where not t.tgisinternal and t.tgrelid in ('public.content_items'::regclass, 'public.papers'::regclass,
        'public.companies'::regclass, 'public.agents'::regclass, 'public.content_people'::regclass,
        'public.content_domains'::regclass)
      `)
      ).rows
        .map((row) => row.name)
        .sort(),
    );
    // (the *_versions triggers record changes to items published before the writing transaction,
    // docs/product.md#item-history: an import's new items have none to record)
    // (derived facts, docs/product.md#facts: commit_import sets open_source from the licence and
    // the year from the typed date itself; content_items_typed_year fires on updates only)
    expect(triggers).toEqual([
      // (fire always, replica mode included: a tool's named papers link themselves, docs/product.md#paper-to-cite)
      'agents.agents_link_named_papers',
      'agents.agents_open_source',
      'agents.agents_search_insert',
      'agents.agents_search_update',
      'agents.agents_versions',
      'agents.agents_year',
      // (mirrored, like the other *_search_* triggers, by commit_import's one refresh_content_search)
      'companies.companies_search_insert',
      'companies.companies_search_update',
      'companies.companies_versions',
      'companies.companies_year',
      'content_domains.content_domains_search_delete',
      'content_domains.content_domains_search_insert',
      'content_domains.content_domains_search_update',
      'content_domains.content_domains_versions_delete',
      'content_domains.content_domains_versions_insert',
      'content_domains.content_domains_versions_update',
      // (fire always: imported items are queued for their followers, docs/product.md#notification-events)
      'content_items.content_items_notify_insert',
      'content_items.content_items_notify_update',
      'content_items.content_items_search_insert',
      'content_items.content_items_search_update',
      'content_items.content_items_search_vector',
      'content_items.content_items_trending_baseline',
      'content_items.content_items_typed_year',
      'content_items.content_items_updated_at',
      'content_items.content_items_versions',
      'content_items.content_items_vocabulary_insert',
      'content_items.content_items_vocabulary_update',
      'papers.papers_link_naming_tools',
      'papers.papers_search_insert',
      'papers.papers_search_update',
      'papers.papers_versions',
      'papers.papers_year',
    ]);
  });

  it('gives imported items time-ordered ids (UUIDv7) in the order of the file, news to their fields’ followers', async () => {
    const follower = await signedInAs('user', 'bulk-import-follower');
    await withDatabase((db) =>
      db.query(
        `insert into public.follows (user_id, target_type, domain_id)
         select $1, 'field', d.id from public.scientific_domains d where d.parent_id is null`,
        [follower.userId],
      ),
    );
    const { tag } = await importPapers(12);
    const rows = await withDatabase(
      async (db) =>
        (
          await db.query<{ id: string; title: string }>(
            `select id::text, title from public.content_items where title like $1 order by id`,
            [`Bulk${tag} n%`],
          )
        ).rows,
    );
    expect(rows.map((row) => row.title.replace(/:.*/, ''))).toEqual(
      Array.from({ length: 12 }, (_, index) => `Bulk${tag} n${index + 1}`),
    );
    for (const { id } of rows)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const stampMs = parseInt(rows[0]!.id.replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(stampMs - Date.now())).toBeLessThan(10 * 60_000);

    // written with row triggers off, the new items are queued for the server's job all the same
    await expect
      .poll(
        async () =>
          withDatabase(async (db) =>
            Number(
              (
                await db.query<{ n: string }>(
                  "select count(*) as n from public.notifications where user_id = $1 and kind = 'followed_new_item'",
                  [follower.userId],
                )
              ).rows[0]!.n,
            ),
          ),
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(0);
  });

  it('ignores the bulk flag outside commit_import, and leaves no token behind', async () => {
    const { ids } = await importPapers(3);
    await withDatabase(async (db) => {
      expect((await db.query(`select count(*)::integer as n from public.import_bulk_tokens`)).rows[0].n).toBe(0);
      await db.query('begin');
      try {
        // Whatever value a caller gives the flag, no committed token matches it.
        await db.query(`select set_config('sciai.bulk_load', 'on', true)`);
        await db.query(`delete from public.content_search where content_id = $1`, [ids[0]]);
        await db.query(`update public.content_items set title = title || ' revised' where id = $1`, [ids[0]]);
        const row = await db.query(`select title_key from public.content_search where content_id = $1`, [ids[0]]);
        expect(row.rows).toEqual([{ title_key: expect.stringMatching(/ revised$/) }]);
        expect((await db.query(`select public.import_bulk_load_active() as active`)).rows[0].active).toBe(false);
      } finally {
        await db.query('rollback');
      }
    });
  });

  it('gives API callers no way at the tokens or the bulk switch', async () => {
    const admin = await signedInAs('admin', 'bulkflag');
    const insert = await admin.client.from('import_bulk_tokens').insert({ token: 'guess' });
    expect(insert.error).not.toBeNull();
    const read = await admin.client.from('import_bulk_tokens').select('token');
    expect(read.error).not.toBeNull();
    const active = await admin.client.rpc('import_bulk_load_active');
    expect(active.error).not.toBeNull();
    const count = await withDatabase(
      async (db) =>
        (await db.query(`select count(*)::integer as n from public.import_bulk_tokens where token = 'guess'`)).rows[0]
          .n,
    );
    expect(count).toBe(0);
  });
});
