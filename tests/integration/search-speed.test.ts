import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { withDatabase } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';
import { searchItems } from '../support/search.ts';

/**
 * The fast paths of search (migration 20261121001500, docs/decisions/0009): counts kept by
 * triggers must equal a recount, text edits must reach cached results, and the shortcuts
 * (widened year range, related-item candidates) must not change answers.
 */
const anon = anonClient();
const service = serviceClient();
const created: string[] = [];

async function createItem(fields: Record<string, unknown>): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const { data, error } = await service
    .from('content_items')
    .insert({
      slug: `speed-${suffix}`,
      title: `Speed test ${suffix}`,
      content_type: 'software',
      status: 'published',
      published_at: new Date().toISOString(),
      ...fields,
    })
    .select('id, slug')
    .single<{ id: string; slug: string }>();
  expect(error).toBeNull();
  created.push(data!.id);
  return data!.slug;
}

afterAll(async () => {
  if (created.length > 0) await service.from('content_items').delete().in('id', created);
});

// search_facets() for no text and no filter (served from facet_value_counts) next to the same
// counts taken by grouping the index itself, in one statement so both see the same catalog.
const RECOUNT = `
  with published as (select * from public.content_search where status = 'published'),
  grouped as (
    select 'content_types' as facet, content_type as value, count(*) as n from published group by 1, 2
    union all select 'domains', d, count(*) from published, unnest(domain_slugs) d group by 1, 2
    union all select 'features', f, count(*) from published, unnest(features) f group by 1, 2
    union all select 'organization_sizes', organization_size, count(*) from published
              where organization_size is not null group by 1, 2
    union all select 'years', year::text, count(*) from published group by 1, 2
    union all select 'operations', o, count(*) from published, unnest(operations) o group by 1, 2
    union all select 'input_data', i, count(*) from published, unnest(input_data) i group by 1, 2)
  select public.search_facets('', '{}', '{}', '{}', '{}', -32768, 32767) as kept,
         jsonb_build_object('total', (select count(*) from published), 'facets',
           jsonb_build_object('content_types', '{}'::jsonb, 'domains', '{}'::jsonb, 'features', '{}'::jsonb,
                              'organization_sizes', '{}'::jsonb, 'years', '{}'::jsonb, 'operations', '{}'::jsonb,
                              'input_data', '{}'::jsonb)
           || (select jsonb_object_agg(facet, counts) from (
                 select facet, jsonb_object_agg(value, n) as counts from grouped group by facet) g)) as recounted`;

async function keptAndRecounted(): Promise<{ kept: unknown; recounted: unknown }> {
  return withDatabase(async (db) => (await db.query<{ kept: unknown; recounted: unknown }>(RECOUNT)).rows[0]!);
}

describe('catalog facet counts kept by triggers', () => {
  it('equal a recount of the index, through inserts, edits, unpublishing and deletes', async () => {
    const before = await keptAndRecounted();
    expect(before.kept).toEqual(before.recounted);

    const { data: domain } = await service
      .from('scientific_domains')
      .select('id')
      .eq('slug', 'genomics')
      .single<{ id: string }>();
    const operation = `Speed testing ${randomUUID().slice(0, 8)}`;
    const slug = await createItem({
      verified: true,
      year: 1987,
      tags: ['speed'],
      metadata: { edam_operations: [operation], edam_inputs: [{ data: 'Speed data', formats: ['FASTA'] }] },
    });
    const { data: item } = await service.from('content_items').select('id').eq('slug', slug).single<{ id: string }>();
    await service.from('content_domains').insert({ content_id: item!.id, domain_id: domain!.id, is_primary: true });
    await service.from('software').insert({ content_id: item!.id, pricing_model: 'free', open_source: true });
    const added = await keptAndRecounted();
    expect(added.kept).toEqual(added.recounted);
    // docs/product.md#browse-edam: the operations and input data its metadata states, found and counted
    const found = await searchItems(anon, { operations: [operation] });
    expect(found.items.map((card) => card.slug)).toEqual([slug]);
    expect(found.facets.input_data).toEqual({ 'Speed data': 1 });

    await service
      .from('content_items')
      .update({ metadata: { edam_operations: [`${operation} again`], edam_inputs: 'none' } })
      .eq('id', item!.id);
    const edited = await keptAndRecounted();
    expect(edited.kept).toEqual(edited.recounted);
    expect((await searchItems(anon, { operations: [operation] })).total).toBe(0);
    expect((await searchItems(anon, { operations: [`${operation} again`] })).total).toBe(1);

    await service.from('content_items').update({ status: 'draft' }).eq('id', item!.id);
    const hidden = await keptAndRecounted();
    expect(hidden.kept).toEqual(hidden.recounted);

    await service.from('content_items').update({ status: 'published', year: 1988 }).eq('id', item!.id);
    await service.from('content_items').delete().eq('id', item!.id);
    const deleted = await keptAndRecounted();
    expect(deleted.kept).toEqual(deleted.recounted);
  });
});

describe('search results follow the catalog', () => {
  it('finds an item by a word added to it after the same search was answered (and cached)', async () => {
    const word = `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const slug = await createItem({ description: 'Nothing special yet.' });
    expect((await searchItems(anon, { search: word })).total).toBe(0);

    const { error } = await service
      .from('content_items')
      .update({ description: `Now it mentions ${word}.` })
      .eq('slug', slug);
    expect(error).toBeNull();
    const found = await searchItems(anon, { search: word });
    expect(found.total).toBe(1);
    expect(found.items.map((item) => item.slug)).toEqual([slug]);
  });

  it('treats a year range holding every item as no year filter, and a narrower one as a filter', async () => {
    const year = new Date().getUTCFullYear();
    const any = await searchItems(anon, { contentTypes: ['paper'] }, { size: 5 });
    const { rows } = await withDatabase((db) =>
      db.query<{ lowest: number; highest: number }>(
        "select min(year) as lowest, max(year) as highest from public.content_search where status = 'published'",
      ),
    );
    const wide = await searchItems(
      anon,
      { contentTypes: ['paper'], yearRange: [rows[0]!.lowest, Math.max(year, rows[0]!.highest)] },
      { size: 5 },
    );
    expect(wide.total).toBe(any.total);
    expect(wide.facets).toEqual(any.facets);
    expect(wide.items.map((item) => item.slug)).toEqual(any.items.map((item) => item.slug));

    const narrow = await searchItems(anon, { contentTypes: ['paper'], yearRange: [2020, 2021] }, { size: 100 });
    expect(narrow.total).toBeLessThan(any.total);
    // a card without a metadata year counts by its creation year, which the card does not show
    expect(narrow.items.every((item) => item.year === null || (item.year >= 2020 && item.year <= 2021))).toBe(true);
    expect(Object.keys(narrow.facets.years).every((key) => Number(key) >= 2020 && Number(key) <= 2021)).toBe(false);
  });
});

describe('related_items', () => {
  it('finds an item sharing only a rare tag, and nothing unrelated', async () => {
    const tag = `rare-${randomUUID().slice(0, 8)}`;
    const first = await createItem({ tags: [tag] });
    const second = await createItem({ tags: [tag, 'speed'] });
    const { data, error } = await anon.rpc('related_items', { item_slug: first, max_items: 4 });
    expect(error).toBeNull();
    expect((data as Array<{ slug: string }>).map((item) => item.slug)).toEqual([second]);
  });
});
