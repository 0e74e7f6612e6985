import { join } from 'node:path';
import Papa from 'papaparse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { FIXTURES, itemsWith, reportOf, useHarvestSources } from '../support/harvest-sources.ts';
import { csvText, jsonlRecords } from '../support/open-data.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * A harvested item keeps the live record it came from (docs/product.md#sources): new or found
 * again, under the harvest's live source, dated by its last fetch, once per record however often
 * it is harvested; an item of the default catalog keeps its snapshot's record beside it. The
 * detail answer, /about/data's summary and the open-data files all say so.
 */
const { environment } = useHarvestSources();
const backend = inject('backend');
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
});
afterAll(() => pool.end());

interface SourceRecord {
  source: string;
  name: string;
  kind: string;
  record_id: string;
  record_url: string;
  commit: string | null;
  snapshot_date: string | null;
  fetched_on: string | null;
  license: string;
  share_alike: boolean;
  credit: string;
}

async function sourcesOf(slug: string): Promise<SourceRecord[]> {
  const { data, error } = await anonClient().rpc('item_details', { slugs: [slug] });
  expect(error).toBeNull();
  return (data as Array<{ sources: SourceRecord[] }>)[0]!.sources;
}

async function liveRows(contentId: string, source: string) {
  const { rows } = await pool.query<{ record_id: string; record_url: string; fetched_at: Date }>(
    'select record_id, record_url, fetched_at from public.item_sources where content_id = $1 and source = $2',
    [contentId, source],
  );
  return rows;
}

const harvest = async (source: string, file: string, ...extra: string[]) => {
  const run = await runSciai(['harvest', source, '--input', join(FIXTURES, file), ...extra, '--json'], environment());
  expect(run.code, run.stderr).toBe(0);
  return reportOf(run);
};

const today = () => new Date().toISOString().slice(0, 10);

describe('the records harvested items come from', () => {
  it('adds the live record beside the snapshot’s to a catalog item found again, once however often', async () => {
    const [cellpose] = await itemsWith('biotools', 'cellpose');
    expect(cellpose, 'the default catalog lists Cellpose from its bio.tools snapshot').toBeDefined();
    const before = await sourcesOf('cellpose');
    expect(before.some((entry) => entry.source === 'biotools' && entry.kind === 'snapshot')).toBe(true);

    await harvest('biotools', 'biotools/tools-page-2.json');
    const [first] = await liveRows(cellpose!.content_id, 'biotools-api');
    expect(first).toMatchObject({ record_id: 'cellpose', record_url: 'https://bio.tools/cellpose' });

    const after = await sourcesOf('cellpose');
    expect(after.find((entry) => entry.source === 'biotools')).toMatchObject({
      kind: 'snapshot',
      snapshot_date: '2021-03-10',
      fetched_on: null,
    });
    expect(after.find((entry) => entry.source === 'biotools-api')).toEqual({
      source: 'biotools-api',
      name: 'bio.tools API',
      kind: 'live',
      record_id: 'cellpose',
      record_url: 'https://bio.tools/cellpose',
      repository: 'https://bio.tools',
      commit: null,
      snapshot_date: null,
      fetched_on: today(),
      license: 'CC-BY-4.0',
      share_alike: false,
      copies_descriptions: true,
      credit: expect.stringContaining('bio.tools (ELIXIR)'),
    });
    expect(after.length).toBe(before.filter((entry) => entry.source !== 'biotools-api').length + 1);

    // the same record again: the same row, fetched again
    await harvest('biotools', 'biotools/tools-page-2.json');
    const again = await liveRows(cellpose!.content_id, 'biotools-api');
    expect(again).toHaveLength(1);
    expect(again[0]!.fetched_at.getTime()).toBeGreaterThan(first!.fetched_at.getTime());
  });

  it('gives a new harvested item its record, seen by visitors once the item is published', async () => {
    const report = await harvest('huggingface', 'huggingface/spaces-page-1.json', '--kind', 'spaces');
    expect(report.records).toBe(1);
    const { rows } = await pool.query<{ content_id: string; slug: string; status: string; record_url: string }>(
      `select ci.id as content_id, ci.slug, ci.status, i.record_url
       from public.item_sources i join public.content_items ci on ci.id = i.content_id
       where i.source = 'huggingface-api' and i.record_id like 'spaces/%'`,
    );
    expect(rows).toHaveLength(1);
    const [space] = rows;
    expect(space!.record_url).toMatch(/^https:\/\/huggingface\.co\/spaces\/[^/]+\/[^/]+$/);
    const status = space!.status;
    if (status === 'published') return void expect((await sourcesOf(space!.slug)).length).toBeGreaterThan(0);
    // pending: its record is the moderators' alone until it is published
    const unpublished = await anonClient().rpc('item_details', { slugs: [space!.slug] });
    expect(unpublished.data).toEqual([]);
    const hidden = await anonClient().from('item_sources').select('record_id').eq('content_id', space!.content_id);
    expect(hidden.data).toEqual([]);
    const published = await serviceClient()
      .from('content_items')
      .update({ status: 'published', published_at: new Date().toISOString() })
      .eq('id', space!.content_id);
    expect(published.error).toBeNull();
    try {
      const shown = await sourcesOf(space!.slug);
      expect(shown).toEqual([
        expect.objectContaining({
          source: 'huggingface-api',
          kind: 'live',
          license: 'none',
          fetched_on: today(),
          record_url: space!.record_url,
        }),
      ]);
    } finally {
      await serviceClient().from('content_items').update({ status, published_at: null }).eq('id', space!.content_id);
    }
  });

  it('lists a live source on /about/data only with published items, without a commit or snapshot', async () => {
    const { data, error } = await anonClient().rpc('catalog_data_summary');
    expect(error).toBeNull();
    const sources = (data as { sources: Array<SourceRecord & { id: string; items: number }> }).sources;
    const live = sources.filter((source) => source.kind === 'live');
    expect(live.map((source) => source.id)).toContain('biotools-api');
    for (const source of live) {
      expect(source.items, source.id).toBeGreaterThan(0);
      expect([source.commit, source.snapshot_date], source.id).toEqual([null, null]);
    }
  });

  it('carries the live record into the open-data files once they are made again', async () => {
    const cellpose = async () =>
      (await jsonlRecords<{ slug: string; sources?: SourceRecord[] }>()).find((line) => line.slug === 'cellpose');
    await expect
      .poll(async () => (await cellpose())?.sources?.map((entry) => entry.source), { timeout: 150_000, interval: 500 })
      .toContain('biotools-api');
    const row = Papa.parse<{ slug: string; sources: string; source_licenses: string; share_alike: string }>(
      await csvText(),
      { header: true, skipEmptyLines: true },
    ).data.find((line) => line.slug === 'cellpose')!;
    expect(JSON.parse(row.sources)).toContainEqual({
      source: 'biotools-api',
      name: 'bio.tools API',
      kind: 'live',
      record_url: 'https://bio.tools/cellpose',
      license: 'CC-BY-4.0',
      share_alike: false,
      fetched_on: today(),
    });
    expect(row.source_licenses.split('; ')).toContain('CC-BY-4.0');
    expect(row.share_alike).toMatch(/^(true|false)$/);
  }, 200_000);
});
