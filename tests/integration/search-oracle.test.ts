import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import {
  applyFilters,
  countFacets,
  CONTENT_TYPES,
  defaultFilters,
  DOMAIN_SLUGS,
  FEATURES,
  HEALTH_FILTERS,
  ORGANIZATION_SIZES,
  SORT_OPTIONS,
  type FilterState,
  type FilterableItem,
} from '@sciai/core';
import type { TestBackend } from '../support/backend.ts';
import {
  readHealthFacts,
  readRatings,
  searchItems,
  startSyntheticCatalogBackend,
  SYNTHETIC_INPUT_DATA,
  SYNTHETIC_OPERATIONS,
  syntheticRatingScore,
} from '../support/search.ts';

/**
 * The database's search must agree with core's rules (the executable form of
 * docs/product.md#browse) on any filter state:
 * random states over a generated catalog, compared on total, facet counts and page order.
 */
describe('search_items agrees with core on random filter states', () => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let catalog: FilterableItem[];
  const YEAR = new Date().getUTCFullYear();

  beforeAll(async () => {
    ({ backend, anon } = await startSyntheticCatalogBackend(800, 7, { signals: true, edam: true, ratings: true }));

    // The oracle's view of every item, read straight from the tables, not from the search index.
    catalog = [];
    for (let offset = 0; ; offset += 100) {
      const page = await searchItems(anon, { sortBy: 'alphabetical' }, { offset, size: 100 });
      catalog.push(...page.items);
      if (page.items.length < 100) break;
    }
    // PostgREST answers at most 1000 rows per request: read the links page by page.
    const links: Array<{ content_id: string; scientific_domains: unknown }> = [];
    for (let from = 0; ; from += 1000) {
      const { data, error: linkError } = await anon
        .from('content_domains')
        .select('content_id, scientific_domains(slug)')
        .order('content_id')
        .order('domain_id')
        .range(from, from + 999);
      expect(linkError).toBeNull();
      links.push(...data!);
      if (data!.length < 1000) break;
    }
    const domainsById = new Map<string, string[]>();
    for (const link of links) {
      const slug = (link.scientific_domains as unknown as { slug: string }).slug;
      domainsById.set(link.content_id, [...(domainsById.get(link.content_id) ?? []), slug]);
    }
    // docs/product.md#browse-health: the signals as the signal tables hold them
    const health = await readHealthFacts(anon);
    // docs/product.md#browse-cards: the ratings as item_ratings holds them
    const ratings = await readRatings(anon);
    // docs/product.md#browse-filters: the operations and input data the items' metadata states
    const edam = new Map<string, Pick<FilterableItem, 'operations' | 'input_data'>>();
    for (let from = 0; ; from += 1000) {
      const { data, error: metadataError } = await anon
        .from('content_items')
        .select('id, metadata')
        .order('id')
        .range(from, from + 999);
      expect(metadataError).toBeNull();
      for (const row of data as Array<{ id: string; metadata: Record<string, unknown> }>) {
        const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
        const inputs = Array.isArray(row.metadata.edam_inputs) ? row.metadata.edam_inputs : [];
        edam.set(row.id, {
          operations: texts(row.metadata.edam_operations).filter(Boolean),
          input_data: texts(inputs.map((input: unknown) => (input as { data?: unknown } | null)?.data)).filter(Boolean),
        });
      }
      if (data!.length < 1000) break;
    }
    catalog = catalog.map((item) => ({
      ...item,
      domains: domainsById.get((item as { id: string } & FilterableItem).id) ?? [],
      citations: null,
      stars: null,
      active_at: null,
      archived: false,
      link_health: null,
      ...health.get((item as { id: string } & FilterableItem).id),
      ...edam.get((item as { id: string } & FilterableItem).id),
      rating: ratings.get((item as { id: string } & FilterableItem).id) ?? null,
    }));
  });

  afterAll(() => backend?.stop());

  it('reads the whole catalog', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(1000);
  });

  it('has signals of every kind to compare on', () => {
    const now = new Date();
    expect(catalog.filter((item) => item.citations != null).length).toBeGreaterThan(100);
    expect(catalog.filter((item) => item.stars != null).length).toBeGreaterThan(100);
    expect(catalog.filter((item) => item.archived).length).toBeGreaterThan(20);
    expect(catalog.filter((item) => item.link_health === 'dead').length).toBeGreaterThan(20);
    expect(catalog.filter((item) => item.link_health === 'down').length).toBeGreaterThan(20);
    const maintained = applyFilters(catalog, { ...defaultFilters(YEAR), health: ['maintained'] }, now).length;
    expect(maintained).toBeGreaterThan(50);
    expect(maintained).toBeLessThan(catalog.length / 2);
  });

  it('has ratings on both sides of Rated 4★ and up, and items with other reviews only', () => {
    const rated = catalog.filter((item) => item.rating?.verified_count);
    expect(rated.length).toBeGreaterThan(150);
    expect(applyFilters(catalog, { ...defaultFilters(YEAR), features: ['rated_4_up'] }).length).toBeGreaterThan(50);
    expect(rated.filter((item) => item.rating!.verified_average === 3.94).length).toBeGreaterThan(5);
    expect(rated.filter((item) => item.rating!.verified_average === 3.95).length).toBeGreaterThan(5);
    expect(catalog.filter((item) => item.rating && item.rating.verified_count === 0).length).toBeGreaterThan(10);
  });

  it('matches on the rating sort and Rated 4★ and up, alone and with other filters', async () => {
    const states: Array<Partial<FilterState>> = [
      { sortBy: 'highest_rated' },
      { features: ['rated_4_up'] },
      { sortBy: 'highest_rated', features: ['rated_4_up', 'open_source'] },
      { sortBy: 'highest_rated', contentTypes: ['software'], health: ['links_ok'] },
      { sortBy: 'highest_rated', domains: [DOMAIN_SLUGS[1]!], yearRange: [2010, 2020] },
      { features: ['rated_4_up'], operations: ['Classification'], sortBy: 'alphabetical' },
    ];
    for (const partial of states) {
      const state: FilterState = { ...defaultFilters(YEAR), ...partial };
      const now = new Date();
      const expected = applyFilters(catalog, state, now);
      const label = JSON.stringify(partial);
      for (const offset of [0, 20, 260]) {
        const page = await searchItems(anon, state, { offset, size: 20 });
        expect(page.total, label).toBe(expected.length);
        expect(
          page.items.map((i) => i.slug),
          `${label} @${offset}`,
        ).toEqual(expected.slice(offset, offset + 20).map((i) => i.slug));
        expect(page.facets, label).toEqual(countFacets(catalog, state, now));
      }
    }
  });

  it('has tools with operations and input data to compare on', () => {
    expect(catalog.filter((item) => item.operations?.length).length).toBeGreaterThan(100);
    expect(catalog.filter((item) => item.input_data?.length).length).toBeGreaterThan(50);
  });

  it('matches on the operation and input data filters, alone and with other filters', async () => {
    const states: Array<Partial<FilterState>> = [
      { operations: ['Image analysis'] },
      { operations: ['Gene expression profiling, single cell', 'Classification'], sortBy: 'alphabetical' },
      { inputData: ['Protein sequence'] },
      { operations: ['Sequence alignment'], inputData: ['Sequence', 'Matrix'], sortBy: 'recent' },
      { operations: ['Protein structure prediction'], domains: [DOMAIN_SLUGS[0]!], features: ['open_source'] },
      { operations: ['Classification'], health: ['links_ok'], sortBy: 'most_starred' },
      { operations: ['No such operation'] },
    ];
    for (const partial of states) {
      const state: FilterState = { ...defaultFilters(YEAR), ...partial };
      const now = new Date();
      const expected = applyFilters(catalog, state, now);
      const label = JSON.stringify(partial);
      for (const offset of [0, 20]) {
        const page = await searchItems(anon, state, { offset, size: 20 });
        expect(page.total, label).toBe(expected.length);
        expect(
          page.items.map((i) => i.slug),
          `${label} @${offset}`,
        ).toEqual(expected.slice(offset, offset + 20).map((i) => i.slug));
        expect(page.facets, label).toEqual(countFacets(catalog, state, now));
      }
    }
  });

  // (text is the database's full-text search, which core's substring rule only approximates: the
  // one-pass test holds the health filters with text to the reference statements)
  it('matches on the signal sorts and health filters, alone and with other filters', async () => {
    const states: Array<Partial<FilterState>> = [
      { sortBy: 'most_cited' },
      { sortBy: 'most_starred', health: ['links_ok'] },
      { sortBy: 'recently_active', health: ['maintained'] },
      { sortBy: 'most_cited', health: ['maintained', 'links_ok'], contentTypes: ['software'] },
      { sortBy: 'recently_active', health: ['maintained'], yearRange: [2015, 2022] },
      { sortBy: 'relevance', health: ['links_ok'], features: ['open_source'] },
      { sortBy: 'most_starred', health: ['maintained'], domains: [DOMAIN_SLUGS[0]!], organizationSizes: ['startup'] },
    ];
    for (const partial of states) {
      const state: FilterState = { ...defaultFilters(YEAR), ...partial };
      const now = new Date();
      const expected = applyFilters(catalog, state, now);
      const label = JSON.stringify(partial);
      for (const offset of [0, 20, 380]) {
        const page = await searchItems(anon, state, { offset, size: 20 });
        expect(page.total, label).toBe(expected.length);
        expect(
          page.items.map((i) => i.slug),
          `${label} @${offset}`,
        ).toEqual(expected.slice(offset, offset + 20).map((i) => i.slug));
        expect(page.facets, label).toEqual(countFacets(catalog, state, now));
      }
    }
  });

  it('matches on 60 random states: total, facets, first two pages', async () => {
    let seed = 20261121;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: readonly T[], max: number) =>
      values.filter(() => random() < max / values.length).slice(0, max);

    for (let round = 0; round < 60; round++) {
      const from = 2000 + Math.floor(random() * 20);
      const state: FilterState = {
        ...defaultFilters(YEAR),
        domains: pick(DOMAIN_SLUGS, 2),
        contentTypes: pick(CONTENT_TYPES, 2),
        features: pick(FEATURES, 2),
        organizationSizes: pick(ORGANIZATION_SIZES, 2),
        yearRange: random() < 0.5 ? [2000, YEAR] : [from, from + Math.floor(random() * 10)],
        health: pick(HEALTH_FILTERS, 1),
        operations: pick(SYNTHETIC_OPERATIONS, 1),
        inputData: pick(SYNTHETIC_INPUT_DATA, 1),
        sortBy: SORT_OPTIONS[Math.floor(random() * SORT_OPTIONS.length)]!,
      };
      const now = new Date();
      const expected = applyFilters(catalog, state, now);
      const first = await searchItems(anon, state, { offset: 0, size: 20 });
      const second = await searchItems(anon, state, { offset: 20, size: 20 });
      const label = JSON.stringify(state);
      expect(first.total, label).toBe(expected.length);
      expect(
        first.items.map((i) => i.slug),
        label,
      ).toEqual(expected.slice(0, 20).map((i) => i.slug));
      expect(
        second.items.map((i) => i.slug),
        label,
      ).toEqual(expected.slice(20, 40).map((i) => i.slug));
      const facets = countFacets(catalog, state, now);
      expect(first.facets.content_types, label).toEqual(facets.content_types);
      expect(first.facets.domains, label).toEqual(facets.domains);
      expect(first.facets.features, label).toEqual(facets.features);
      expect(first.facets.organization_sizes, label).toEqual(facets.organization_sizes);
      expect(first.facets.years, label).toEqual(facets.years);
      expect(first.facets.operations, label).toEqual(facets.operations);
      expect(first.facets.input_data, label).toEqual(facets.input_data);
    }
  });

  // Last: it changes the ratings the tests above compare on.
  // docs/decisions/0085-ratings-in-browse.md: a rating that moves an item in or out of 'Rated 4★
  // and up' changes a count, so cached facets go at once; a score that moves alone changes none,
  // and leaves them (its pages age out as the popularity sorts' do).
  it('keeps the search caches exact when ratings change', async () => {
    const db = new pg.Client({ connectionString: backend.connectionString });
    await db.connect();
    try {
      const version = async () =>
        Number((await db.query<{ version: string }>('select version from public.catalog_state')).rows[0]!.version);
      const setRating = async (item: FilterableItem & { id?: string }, count: number, average: number | null) => {
        const id = (item as { id: string }).id;
        if (average === null) {
          await db.query('delete from public.item_ratings where content_id = $1', [id]);
          item.rating = null;
          return;
        }
        const score = syntheticRatingScore(count, average);
        await db.query(
          `insert into public.item_ratings (content_id, verified_count, verified_average, rating_score)
           values ($1, $2, $3, $4) on conflict (content_id) do update set verified_count = excluded.verified_count,
             verified_average = excluded.verified_average, rating_score = excluded.rating_score`,
          [id, count, average, score],
        );
        item.rating = { verified_count: count, verified_average: average, score, other_count: 0, other_average: null };
      };
      const filtered: FilterState = { ...defaultFilters(YEAR), features: ['rated_4_up'], sortBy: 'highest_rated' };
      const expectAsOracle = async (size: number) => {
        const page = await searchItems(anon, filtered, { size });
        const expected = applyFilters(catalog, filtered);
        expect(page.total).toBe(expected.length);
        expect(page.facets.features).toEqual(countFacets(catalog, filtered).features);
        expect(page.items.map((item) => item.slug)).toEqual(expected.slice(0, size).map((item) => item.slug));
        return page;
      };
      await expectAsOracle(20);

      const before = await version();
      const rated = applyFilters(catalog, filtered);
      const last = rated.at(-1)!;
      await setRating(last, 40, 5);
      expect(await version()).toBe(before);
      // a page not asked before, over the facets kept from the first: the new order at once
      const moved = await expectAsOracle(21);
      expect(moved.items[0]!.slug).toBe(last.slug);
      expect(moved.items[0]!.rating).toMatchObject({ verified_count: 40, verified_average: 5 });

      const unrated = catalog.find((item) => !item.rating)!;
      await setRating(unrated, 7, 4.4);
      expect(await version()).toBeGreaterThan(before);
      const grown = await expectAsOracle(20);
      expect(grown.total).toBe(rated.length + 1);

      await setRating(unrated, 0, null);
      await setRating(last, 3, 3.5);
      expect((await expectAsOracle(20)).total).toBe(rated.length - 1);
    } finally {
      await db.end();
    }
  });
});
