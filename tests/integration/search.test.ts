import { describe, expect, inject, it } from 'vitest';
import { anonClient, crowdClient, serviceClient } from '../support/clients.ts';
import { searchItems } from '../support/search.ts';

/** The browse search as visitors use it, on the catalog a new SciAI loads. */
describe('search_items', () => {
  const anon = anonClient();
  const slugs = (result: { items: Array<{ slug: string }> }) => result.items.map((item) => item.slug);

  it('ranks a title match first', async () => {
    const result = await searchItems(anon, { search: 'AlphaFold' });
    expect(result.total).toBeGreaterThan(0);
    expect(result.items[0]!.title).toMatch(/AlphaFold/);
  });

  it('stems: "proteins" finds items that say "protein"', async () => {
    const plural = await searchItems(anon, { search: 'proteins' }, { size: 100 });
    const singular = await searchItems(anon, { search: 'protein' }, { size: 100 });
    expect(plural.total).toBeGreaterThan(5);
    expect(plural.total).toBe(singular.total);
  });

  it('honours "phrases" and -exclusions', async () => {
    const words = await searchItems(anon, { search: 'protein design' }, { size: 100 });
    const phrase = await searchItems(anon, { search: '"protein design"' }, { size: 100 });
    expect(phrase.total).toBeGreaterThan(0);
    expect(phrase.total).toBeLessThanOrEqual(words.total);

    const all = await searchItems(anon, { search: 'protein' }, { size: 100 });
    const excluded = await searchItems(anon, { search: 'protein -structure' }, { size: 100 });
    expect(excluded.total).toBeGreaterThan(0);
    expect(excluded.total).toBeLessThan(all.total);
    for (const item of excluded.items) {
      expect(`${item.title} ${item.short_description} ${item.tags.join(' ')}`.toLowerCase()).not.toContain('structure');
    }
  });

  it('tolerates typos: "protien foldng" finds AlphaFold and says what it searched', async () => {
    const result = await searchItems(anon, { search: 'protien foldng' }, { size: 50 });
    expect(result.corrected_search).toBe('protein folding');
    expect(result.items.map((item) => item.title).join(' | ')).toMatch(/AlphaFold/);
  });

  // docs/product.md#browse-search and #browse-sort: accents, spaces, hyphens and case do not
  // matter for names, a query that is a name once normalised is never corrected, and the item so
  // named ranks first
  it.each([
    ['schrodinger', 'schrodinger'],
    ['schrod', 'schrodinger'],
    ['deeplab', 'deeplabcut'],
    ['cell pose', 'cellpose'],
    ['schrodinger fep+', 'schrodinger-fep-plus'],
    ['AlphaFold3', 'alphafold-3'],
    ['alpha fold', 'alphafold'],
    ['nnunet', 'nnu-net'],
    ['deeplabcut', 'deeplabcut'],
  ])('"%s" ranks %s first, uncorrected', async (query, slug) => {
    const result = await searchItems(anon, { search: query });
    expect(result.corrected_search).toBeUndefined();
    expect(slugs(result)[0]).toBe(slug);
  });

  it('matches two run-together words as the two words: "proteinfolding"', async () => {
    const joined = await searchItems(anon, { search: 'proteinfolding' }, { size: 100 });
    const split = await searchItems(anon, { search: 'protein folding' }, { size: 100 });
    expect(joined.corrected_search).toBeUndefined();
    // the items holding both words, not those a short first page adds matching one of them
    expect(slugs(joined)).toEqual(expect.arrayContaining(slugs(split).slice(0, split.partial_from)));
  });

  it('falls back to some of the words when even the corrected query finds nothing', async () => {
    const result = await searchItems(anon, { search: 'alphafold zzqxj' });
    expect(result.partial_match).toBe(true);
    expect(result.corrected_search).toBeUndefined();
    expect(result.total).toBeGreaterThan(0);
    expect(slugs(result)[0]).toMatch(/alphafold/);
  });

  it('answers nothing when not even one of the words matches', async () => {
    const result = await searchItems(anon, { search: 'zzqxj qqvvkw' });
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
    expect(result.corrected_search).toBeUndefined();
    expect(result.partial_match).toBeUndefined();
  });

  it('counts types for the tabs, each with the other filters applied', async () => {
    const all = await searchItems(anon, {});
    const counts = all.facets.content_types;
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(all.total);
    const papers = await searchItems(anon, { contentTypes: ['paper'] });
    expect(papers.total).toBe(counts.paper);
    expect(papers.facets.content_types).toEqual(counts); // the type facet ignores the type filter
  });

  it('pages through everything without repeats, in a stable order', async () => {
    // thousands of items: many visitors' pages, not one visitor's (whose requests are limited)
    const backend = inject('backend');
    const crowd = crowdClient(backend.url, backend.anonKey);
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await searchItems(crowd, { sortBy: 'most_viewed' }, { offset, size: 100 });
      seen.push(...slugs(page));
      if (page.items.length < 100) break;
    }
    const total = (await searchItems(crowd, {})).total;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it.each(['relevance', 'recent', 'most_saved', 'most_viewed', 'trending', 'alphabetical'] as const)(
    'sorts by %s',
    async (sortBy) => {
      const { items } = await searchItems(anon, { sortBy }, { size: 100 });
      type Item = (typeof items)[number];
      const keyBySort: Record<typeof sortBy, (i: Item) => number | string> = {
        relevance: (i: (typeof items)[number]) => -i.trending_score,
        trending: (i: (typeof items)[number]) => -i.trending_score,
        recent: (i: (typeof items)[number]) => -Date.parse(i.created_at),
        most_saved: (i: (typeof items)[number]) => -i.save_count,
        most_viewed: (i: (typeof items)[number]) => -i.view_count,
        alphabetical: (i: (typeof items)[number]) => i.title.toLowerCase(),
      };
      const keys = items.map(keyBySort[sortBy]);
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    },
  );

  it('filters by year range on the item year, else the year it was added', async () => {
    const recent = await searchItems(anon, { yearRange: [2023, 2026] }, { size: 100 });
    for (const item of recent.items) {
      const year = item.year ?? new Date(item.created_at).getUTCFullYear();
      expect(year).toBeGreaterThanOrEqual(2023);
    }
    expect(Object.keys(recent.facets.years).length).toBeGreaterThan(4); // the year facet ignores the range
  });

  it('never returns unpublished items, nor counts them', async () => {
    const service = serviceClient();
    const slug = `hidden-${Date.now()}`;
    const { error } = await service
      .from('content_items')
      .insert({ slug, title: 'Zyxwv Hidden Draft Tool', content_type: 'software', status: 'draft' });
    expect(error).toBeNull();
    try {
      const result = await searchItems(anon, { search: 'Zyxwv' });
      expect(result.total).toBe(0);
      const everything = await searchItems(anon, { sortBy: 'alphabetical' }, { size: 100 });
      expect(slugs(everything)).not.toContain(slug);
    } finally {
      await service.from('content_items').delete().eq('slug', slug);
    }
  });

  it('refuses an unknown sort with a clear message', async () => {
    const { error } = await anon.rpc('search_items', { sort_by: 'random' });
    expect(error?.message).toBe('Unknown sort: random');
  });
});
