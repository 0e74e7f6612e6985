import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCsvImport, ImportWriteError } from '@sciai/core';
import { anonClient, serviceClient } from '../support/clients.ts';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { domainsOf, rpcOf, stageAndCommit, taggedFixture } from '../support/csv-import.ts';

/** The import through supabase-js with an admin's own session, as the web page runs it. */
describe('CSV import through supabase-js', () => {
  it('imports only the valid rows of a mixed file, with people, domains and author order', async () => {
    const admin = await signedInAs('admin', 'importer');
    const { text, tag } = taggedFixture('papers-mixed.csv');
    const { result, outcome } = await runCsvImport(
      text,
      'paper',
      { call: rpcOf(admin.client), domains: await domainsOf(admin.client) },
      { fileName: 'papers-mixed.csv' },
    );
    expect([result.validCount, result.invalidCount, result.duplicateCount]).toEqual([4, 3, 1]);
    expect(outcome).toMatchObject({ inserted: 3, skipped: 0, skippedTotal: 1, people_created: 4 });

    const service = serviceClient();
    const { data: items, error } = await service
      .from('content_items')
      .select(
        'title, slug, status, url, short_description, papers(doi, peer_reviewed, citation_count, publication_date), content_people(order_index, role, people(full_name)), content_domains(is_primary, scientific_domains(slug))',
      )
      .like('title', `Fixture${tag} Paper%`)
      .order('title');
    expect(error).toBeNull();
    expect(items?.map((item) => item.title)).toEqual([
      `Fixture${tag} Paper Alpha`,
      `Fixture${tag} Paper Delta`,
      `Fixture${tag} Paper Gamma`,
    ]);
    const alpha = items![0]!;
    expect(alpha).toMatchObject({
      status: 'published',
      url: `https://doi.org/10.5555/fixture${tag}.alpha`,
      slug: `fixture${tag}-paper-alpha`,
    });
    expect(alpha.papers).toMatchObject({ peer_reviewed: true, citation_count: 12, publication_date: '2024-02-29' });
    const authors = [...alpha.content_people]
      .sort((a, b) => a.order_index - b.order_index)
      .map((link) => [link.role, extractName(link.people)]);
    expect(authors).toEqual([
      ['author', `Zed Fixture${tag} Author`],
      ['author', `Ada Fixture${tag}`],
      ['author', `Alan Fixture${tag}`],
    ]);
    const domains = alpha.content_domains.map((link) => [extractSlug(link.scientific_domains), link.is_primary]).sort();
    expect(domains).toEqual([
      ['ai_ml', false],
      ['biology', true],
    ]);

    // 'Ada' appears in three papers: one person, reused within the file.
    const { data: ada } = await service
      .from('people')
      .select('id, content_people(content_id)')
      .eq('full_name', `Ada Fixture${tag}`);
    expect(ada).toHaveLength(1);
    expect(ada![0]!.content_people).toHaveLength(3);

    // On /browse at once: the search index knows the items, and the import is in the activity log.
    const { data: indexed } = await service
      .from('content_search')
      .select('slug, status, domain_slugs')
      .eq('slug', alpha.slug);
    expect(indexed).toEqual([{ slug: alpha.slug, status: 'published', domain_slugs: ['biology', 'ai_ml'] }]);
    const activity = await withDatabase((db) =>
      db.query<{ activity_data: Record<string, unknown> }>(
        `select activity_data from public.user_activity where activity_type = 'csv_import' and user_id = $1`,
        [admin.userId],
      ),
    );
    expect(activity.rows.map((row) => row.activity_data)).toEqual([
      expect.objectContaining({
        content_type: 'paper',
        inserted: 3,
        skipped: 1,
        invalid: 3,
        total_rows: 7,
        people_created: 4,
      }),
    ]);
    // Staged rows do not outlive their commit.
    const staged = await withDatabase((db) =>
      db.query(`select 1 from public.import_batches where created_by = $1`, [admin.userId]),
    );
    expect(staged.rowCount).toBe(0);
  });

  it('re-importing the same file imports nothing new', async () => {
    const admin = await signedInAs('admin', 'reimporter');
    const { text, tag } = taggedFixture('papers-mixed.csv');
    const dependencies = { call: rpcOf(admin.client), domains: await domainsOf(admin.client) };
    const first = await runCsvImport(text, 'paper', dependencies, { fileName: 'a.csv' });
    expect(first.outcome?.inserted).toBe(3);
    const again = await runCsvImport(text, 'paper', dependencies, { fileName: 'a.csv' });
    expect(
      again.result.rows.filter((row) =>
        row.issues.some((issue) => issue.message === 'Already exists: will be skipped'),
      ),
    ).toHaveLength(4);
    expect(again.outcome).toMatchObject({ inserted: 0, skippedTotal: 4 });
    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('title', `Fixture${tag}%`);
    expect(count).toBe(3);
  });

  it('skips duplicates again at commit time (rows staged before another import landed)', async () => {
    const admin = await signedInAs('admin', 'racer');
    const { text, tag } = taggedFixture('companies.csv');
    const dependencies = { call: rpcOf(admin.client), domains: await domainsOf(admin.client) };
    const first = await runCsvImport(text, 'company', dependencies, { fileName: 'c.csv' });
    expect(first.outcome).toMatchObject({ inserted: 2, organizations_created: 1 });
    // Stage the same rows by hand, as if validated before the first import committed.
    const rows = [
      { row_number: 2, title: `Fixture${tag} Company One`, slug: `fixture${tag}-company-one`, domains: [] },
    ];
    const commit = await stageAndCommit(rpcOf(admin.client), 'company', rows);
    expect(commit).toMatchObject({ error: null, data: { inserted: 0, skipped: 1 } });
    const { data: companies } = await serviceClient()
      .from('companies')
      .select('content_items(title), organizations(name)')
      .like('organizations.name', `Fixture${tag}%`);
    const named = (companies ?? []).filter((row) => row.organizations !== null);
    expect(named).toHaveLength(2);
  });

  it('links staged domains given by slug or by name in any case, the first primary; an unknown one fails the batch', async () => {
    const admin = await signedInAs('admin', 'linker');
    const call = rpcOf(admin.client);
    const tag = randomUUID().slice(0, 8);
    const paper = (n: number, domains: string[]) => ({
      row_number: n + 1,
      title: `Domains${tag} paper ${n}`,
      doi: `10.5555/domains${tag}.${n}`,
      domains,
      authors: [],
    });

    const committed = await stageAndCommit(call, 'paper', [
      paper(1, ['CHEMISTRY', 'biology']),
      paper(2, ['biology', 'Drug Discovery', 'drug_discovery']),
    ]);
    expect(committed).toMatchObject({ error: null, data: { inserted: 2 } });
    const { data } = await serviceClient()
      .from('content_items')
      .select('title, content_domains(is_primary, scientific_domains(slug))')
      .like('title', `Domains${tag}%`)
      .order('title');
    const links = (data ?? []).map((item) =>
      item.content_domains.map((link) => [extractSlug(link.scientific_domains), link.is_primary]).sort(),
    );
    expect(links).toEqual([
      [
        ['biology', false],
        ['chemistry', true],
      ],
      [
        ['biology', true],
        ['drug_discovery', false],
      ],
    ]);

    const refused = await stageAndCommit(call, 'paper', [paper(3, ['biology', 'Alchemy', 'astrology'])]);
    expect(refused.error?.message).toBe('Unknown domains: Alchemy, astrology');
    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('title', `Domains${tag}%`);
    expect(count).toBe(2);
  });

  it('gives a staged paper without a summary the start of its abstract, as the row rules do', async () => {
    const admin = await signedInAs('admin', 'summaries');
    const tag = randomUUID().slice(0, 8);
    const abstract = `  ${'Summaries from abstracts. '.repeat(12)}`;
    const committed = await stageAndCommit(rpcOf(admin.client), 'paper', [
      { row_number: 2, title: `Summary${tag} none`, doi: `10.5555/summary${tag}.1`, abstract },
      {
        row_number: 3,
        title: `Summary${tag} own`,
        doi: `10.5555/summary${tag}.2`,
        abstract,
        short_description: 'Own.',
      },
      { row_number: 4, title: `Summary${tag} blank`, doi: `10.5555/summary${tag}.3`, short_description: ' ' },
    ]);
    expect(committed).toMatchObject({ error: null, data: { inserted: 3 } });
    const { data } = await serviceClient()
      .from('content_items')
      .select('title, short_description')
      .like('title', `Summary${tag}%`)
      .order('title');
    expect(data).toEqual([
      { title: `Summary${tag} blank`, short_description: '' },
      { title: `Summary${tag} none`, short_description: abstract.slice(0, 200).trim() },
      { title: `Summary${tag} own`, short_description: 'Own.' },
    ]);
  });

  it('a failure in the middle of the batch leaves the database exactly as before', async () => {
    const admin = await signedInAs('admin', 'failer');
    const { text, tag } = taggedFixture('papers-mixed.csv');
    const snapshot = () =>
      withDatabase(async (db) => {
        const { rows } = await db.query(
          `select
        (select count(*) from public.content_items where title like $1) as items,
        (select count(*) from public.papers where doi like $2) as papers,
        (select count(*) from public.people where full_name like $1) as people,
        (select count(*) from public.content_search where slug like $3) as indexed,
        (select count(*) from public.import_batches where created_by = $4) as batches,
        (select count(*) from public.user_activity where user_id = $4 and activity_type = 'csv_import') as activity`,
          [`%Fixture${tag}%`, `10.5555/fixture${tag}.%`, `fixture${tag}-%`, admin.userId],
        );
        return rows[0];
      });
    const before = await snapshot();
    // The second of three papers fails, after the first's item, type row and people were written:
    // a constraint (which holds whatever the commit's trigger mode) refuses its DOI.
    const constraint = `fail_import_${tag}`;
    await withDatabase((db) =>
      db.query(
        `alter table public.papers add constraint ${constraint} check (doi is distinct from '10.5555/fixture${tag}.gamma') not valid`,
      ),
    );
    try {
      const error = await runCsvImport(
        text,
        'paper',
        { call: rpcOf(admin.client), domains: await domainsOf(admin.client) },
        { fileName: 'f.csv' },
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportWriteError);
      expect(error).toHaveProperty(
        'message',
        `Failed to insert data: new row for relation "papers" violates check constraint "${constraint}"`,
      );
    } finally {
      await withDatabase((db) => db.query(`alter table public.papers drop constraint ${constraint}`));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses visitors, users and moderators: they can neither stage nor commit', async () => {
    const admin = await signedInAs('admin', 'owner');
    const batch = await rpcOf(admin.client)('begin_import', { content_type: 'agent', file_name: 'x.csv', summary: {} });
    expect(batch.error).toBeNull();
    const rows = [{ row_number: 2, title: 'Sneaky', slug: 'sneaky', domains: [] }];
    for (const role of ['user', 'moderator'] as const) {
      const { client } = await signedInAs(role);
      const call = rpcOf(client);
      expect(
        (await call('begin_import', { content_type: 'agent', file_name: 'x.csv', summary: {} })).error?.message,
      ).toBe('Only administrators may import data');
      expect((await call('stage_import_rows', { batch_id: batch.data, rows })).error?.message).toBe(
        'Only administrators may import data',
      );
      expect((await call('commit_import', { batch_id: batch.data })).error?.message).toBe(
        'Only administrators may import data',
      );
      expect((await call('find_existing_import_keys', { content_type: 'paper', keys: ['x'] })).error?.message).toBe(
        'Only administrators may import data',
      );
      const insert = await client.from('import_batches').insert({ content_type: 'agent' });
      expect(insert.error?.code).toBe('42501');
      const { data: visible } = await client.from('import_batches').select('id');
      expect(visible).toEqual([]);
    }
    const anon = rpcOf(anonClient());
    expect((await anon('commit_import', { batch_id: batch.data })).error).not.toBeNull();
    expect((await anonClient().from('import_rows').select('batch_id')).data ?? []).toEqual([]);
    // Another admin's batch is not yours to stage into or commit.
    const other = rpcOf((await signedInAs('admin', 'other')).client);
    expect((await other('commit_import', { batch_id: batch.data })).error?.message).toMatch(
      /^Import batch .* not found$/,
    );
    expect((await rpcOf(admin.client)('discard_import', { batch_id: batch.data })).error).toBeNull();
  });
});

function extractName(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'full_name' in value ? value.full_name : value;
}
function extractSlug(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'slug' in value ? value.slug : value;
}
