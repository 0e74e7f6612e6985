import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { anonClient, serviceClient } from '../support/clients.ts';

/** A source record as item_details() lists it (docs/product.md#sources). */
interface SourceRecord {
  source: string;
  name: string;
  kind: 'snapshot' | 'live';
  record_id: string;
  record_url: string;
  repository: string;
  commit: string | null;
  snapshot_date: string | null;
  fetched_on: string | null;
  license: string;
  share_alike: boolean;
  copies_descriptions: boolean;
  credit: string;
}
interface Summary {
  items: number;
  items_without_sources: number;
  by_type: Record<string, number>;
  sources: Array<{
    id: string;
    name: string;
    kind: 'snapshot' | 'live';
    license: string;
    share_alike: boolean;
    items: number;
    commit: string | null;
  }>;
  fields: Array<{ slug: string; name: string; parent: string | null; items: number }>;
}

const anon = anonClient();
const service = serviceClient();

async function detail(slug: string): Promise<{ sources: SourceRecord[]; metadata: Record<string, unknown> }> {
  const { data, error } = await anon.rpc('item_details', { slugs: [slug] });
  expect(error).toBeNull();
  return (data as Array<{ sources: SourceRecord[]; metadata: Record<string, unknown> }>)[0]!;
}

async function summary(): Promise<Summary> {
  const { data, error } = await anon.rpc('catalog_data_summary');
  expect(error).toBeNull();
  return data as Summary;
}

describe('where items come from', () => {
  const backend = inject('backend');
  let pool: pg.Pool;
  const draftSlug = `sources-draft-${Date.now()}`;
  let draftId: string;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
    const { data, error } = await service
      .from('content_items')
      .insert({ slug: draftSlug, title: 'Unreleased Sourced Tool', content_type: 'software', status: 'draft' })
      .select('id')
      .single();
    expect(error).toBeNull();
    draftId = data!.id as string;
    await service.from('software').insert({ content_id: draftId });
    const record = await service.from('item_sources').insert({
      content_id: draftId,
      source: 'biotools',
      record_id: draftSlug,
      record_url: `https://bio.tools/${draftSlug}`,
    });
    expect(record.error).toBeNull();
  });

  afterAll(async () => {
    await service.from('content_items').delete().eq('id', draftId);
    await pool.end();
  });

  it('lists each source record of an item on its detail, with the licence and snapshot', async () => {
    const item = await detail('chemdataextractor');
    expect(item.sources).toEqual([
      {
        source: 'best-of-atomistic-ml',
        name: 'best-of-atomistic-machine-learning',
        kind: 'snapshot',
        record_id: expect.any(String),
        record_url: expect.stringMatching(
          /^https:\/\/github\.com\/JuDFTteam\/best-of-atomistic-machine-learning\/blob\//,
        ),
        repository: 'https://github.com/JuDFTteam/best-of-atomistic-machine-learning',
        commit: '07d5a42ec2e20cc2da7b48d53a979af77b6b1059',
        snapshot_date: '2026-08-22',
        fetched_on: null,
        license: 'CC-BY-SA-4.0',
        share_alike: true,
        copies_descriptions: true,
        credit: expect.stringContaining('CC BY-SA 4.0'),
      },
    ]);
    expect(item.metadata.description_origin).toEqual({ kind: 'source', source: 'best-of-atomistic-ml' });
    expect(item.metadata).toMatchObject({ pypi_id: 'chemdataextractor', latest_release: { version: '1.3.0' } });

    // the data a bio.tools tool reads and writes, with formats, as its record states them
    const aqua = await detail('astrocyte-quantification-and-analysis-aqua');
    expect(aqua.metadata).toMatchObject({
      edam_operations: ['Quantification', 'Image analysis'],
      edam_inputs: [{ data: 'Image', formats: ['tiff'] }],
      edam_outputs: [{ data: 'Report', formats: ['Binary format'] }],
    });

    // a hand-written item two lists name: both records, by source name
    const mace = await detail('mace');
    expect(mace.sources.map((entry) => entry.source)).toEqual(['ai-for-science', 'best-of-atomistic-ml']);
  });

  it('counts published items by source, type and field, as item_sources and content_items hold them', async () => {
    const stated = await summary();
    const { rows: bySource } = await pool.query<{ source: string; items: number }>(
      `select i.source, count(distinct i.content_id)::int as items
       from public.item_sources i join public.content_items ci on ci.id = i.content_id and ci.status = 'published'
       group by i.source`,
    );
    expect(Object.fromEntries(stated.sources.map((source) => [source.id, source.items]))).toEqual(
      Object.fromEntries(bySource.map((row) => [row.source, row.items])),
    );
    // the snapshots the catalog was built from; a live source shows once a published item holds its record
    expect(stated.sources.filter((source) => source.kind === 'snapshot')).toHaveLength(12);
    expect(stated.sources.find((source) => source.id === 'best-of-atomistic-ml')).toMatchObject({
      license: 'CC-BY-SA-4.0',
      share_alike: true,
    });

    const { rows: byType } = await pool.query<{ content_type: string; items: number }>(
      `select content_type, count(*)::int as items from public.content_items where status = 'published' group by 1`,
    );
    expect(stated.by_type).toEqual(Object.fromEntries(byType.map((row) => [row.content_type, row.items])));
    expect(stated.items).toBe(byType.reduce((sum, row) => sum + row.items, 0));
    const { rows: unsourced } = await pool.query<{ items: number }>(
      `select count(*)::int as items from public.content_items ci where ci.status = 'published'
       and not exists (select 1 from public.item_sources i where i.content_id = ci.id)`,
    );
    expect(stated.items_without_sources).toBe(unsourced[0]!.items);

    // the tree: a child names its parent, and the parent counts the child's items too
    const physics = stated.fields.find((field) => field.slug === 'physics')!;
    const astronomy = stated.fields.find((field) => field.slug === 'astronomy')!;
    expect(astronomy.parent).toBe('physics');
    expect(physics.parent).toBeNull();
    expect(physics.items).toBeGreaterThanOrEqual(astronomy.items);
    expect(astronomy.items).toBeGreaterThan(0);
  });

  it('hides the sources of an unpublished item from visitors, in every answer', async () => {
    const { data, error } = await anon.rpc('item_details', { slugs: [draftSlug] });
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const records = await anon.from('item_sources').select('record_id').eq('content_id', draftId);
    expect(records.data).toEqual([]);
    // the draft's record is not counted under its source
    const stated = await summary();
    const { rows } = await pool.query<{ items: number }>(
      `select count(distinct i.content_id)::int as items from public.item_sources i
       join public.content_items ci on ci.id = i.content_id and ci.status = 'published' where i.source = 'biotools'`,
    );
    expect(stated.sources.find((source) => source.id === 'biotools')!.items).toBe(rows[0]!.items);
  });

  it('gives an item no source lists an empty list', async () => {
    const { data } = await service.from('content_items').select('slug').eq('slug', 'alphafold').single();
    expect(data).not.toBeNull();
    const { rows } = await pool.query<{ listed: boolean }>(
      `select exists (select 1 from public.item_sources i join public.content_items ci on ci.id = i.content_id
       where ci.slug = 'alphafold') as listed`,
    );
    const item = await detail('alphafold');
    expect(item.sources.length > 0).toBe(rows[0]!.listed);
    expect(Array.isArray(item.sources)).toBe(true);
  });
});
