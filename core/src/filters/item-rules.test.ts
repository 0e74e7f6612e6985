import { describe, expect, it } from 'vitest';
import { defaultFilters } from './filter-state.ts';
import {
  applyFilters,
  countFacets,
  FEATURE_RULES,
  itemYear,
  matchesSearch,
  type FilterableItem,
} from './item-rules.ts';

function item(overrides: Partial<FilterableItem>): FilterableItem {
  return {
    slug: 'x',
    title: 'X',
    content_type: 'software',
    short_description: '',
    description: '',
    tags: [],
    domains: [],
    verified: false,
    competitive_advantages: [],
    organization: null,
    peer_reviewed: null,
    open_source: null,
    pricing_model: null,
    year: null,
    created_at: '2025-03-01T00:00:00Z',
    view_count: 0,
    save_count: 0,
    trending_score: 0,
    ...overrides,
  };
}

describe('the filter rules (docs/product.md#browse-features)', () => {
  it('derives every feature', () => {
    expect(FEATURE_RULES.verified(item({ verified: true }))).toBe(true);
    expect(FEATURE_RULES.competitive(item({ competitive_advantages: ['fast'] }))).toBe(true);
    expect(FEATURE_RULES.enterprise(item({ pricing_model: 'enterprise' }))).toBe(true);
    // a label true of the item: a large organisation's free repository is not sold on enterprise terms
    expect(FEATURE_RULES.enterprise(item({ organization: { size: 'enterprise' }, pricing_model: 'free' }))).toBe(false);
    expect(FEATURE_RULES.peer_reviewed(item({ content_type: 'paper', peer_reviewed: true }))).toBe(true);
    expect(FEATURE_RULES.open_source(item({ open_source: true }))).toBe(true);
    expect(FEATURE_RULES.free_tier(item({ pricing_model: 'freemium' }))).toBe(true);
    expect(FEATURE_RULES.free_tier(item({ pricing_model: 'subscription' }))).toBe(false);
  });

  it('sorts Highest Rated by the verified score, unrated last, and never lets ratings touch relevance', () => {
    const rating = (score: number, average: number) => ({
      verified_count: 4,
      verified_average: average,
      score,
      other_count: 0,
      other_average: null,
    });
    const items = [
      item({ slug: 'd', trending_score: 1, rating: rating(4.1, 4.6) }),
      item({ slug: 'c', trending_score: 9 }),
      item({ slug: 'b', trending_score: 3, rating: rating(4.1, 4.6) }),
      item({
        slug: 'a',
        trending_score: 2,
        rating: { verified_count: 0, verified_average: null, score: null, other_count: 5, other_average: 5 },
      }),
      item({ slug: 'e', trending_score: 0, rating: rating(3.2, 3.94) }),
    ];
    const reset = defaultFilters(2026);
    expect(applyFilters(items, { ...reset, sortBy: 'highest_rated' }).map((i) => i.slug)).toEqual([
      'b',
      'd',
      'e',
      'a',
      'c',
    ]);
    expect(applyFilters(items, reset).map((i) => i.slug)).toEqual(['c', 'b', 'a', 'd', 'e']);
    expect(applyFilters(items, { ...reset, features: ['rated_4_up'] }).map((i) => i.slug)).toEqual(['b', 'd']);
    expect(countFacets(items, reset).features).toEqual({ rated_4_up: 2 });
  });

  it('takes the metadata year, else the year of creation', () => {
    expect(itemYear(item({ year: 2019 }))).toBe(2019);
    expect(itemYear(item({ year: null, created_at: '2024-12-31T23:00:00Z' }))).toBe(2024);
  });

  it('requires every chosen feature, any chosen domain, and sorts with stable ties', () => {
    const items = [
      item({ slug: 'b', title: 'Beta', verified: true, open_source: true, domains: ['biology'], trending_score: 5 }),
      item({ slug: 'a', title: 'alpha', verified: true, domains: ['chemistry'], trending_score: 5 }),
      item({ slug: 'c', title: 'Gamma', open_source: true, domains: ['physics'], trending_score: 9 }),
    ];
    const reset = defaultFilters(2026);
    expect(applyFilters(items, reset).map((i) => i.slug)).toEqual(['c', 'a', 'b']);
    expect(applyFilters(items, { ...reset, features: ['verified', 'open_source'] }).map((i) => i.slug)).toEqual(['b']);
    expect(applyFilters(items, { ...reset, domains: ['biology', 'physics'] }).map((i) => i.slug)).toEqual(['c', 'b']);
    expect(applyFilters(items, { ...reset, sortBy: 'alphabetical' }).map((i) => i.slug)).toEqual(['a', 'b', 'c']);
    expect(applyFilters(items, { ...reset, search: 'GAM' }).map((i) => i.slug)).toEqual(['c']);
  });

  it('finds and counts an item under the fields above its own', () => {
    const items = [
      item({ slug: 'jets', title: 'Jet tagger', domains: ['particle_physics'] }),
      item({ slug: 'lens', title: 'Lens finder', domains: ['astronomy', 'imaging'] }),
      item({ slug: 'dna', title: 'Genome model', domains: ['genomics'] }),
    ];
    const reset = defaultFilters(2026);
    expect(applyFilters(items, { ...reset, domains: ['physics'] }).map((i) => i.slug)).toEqual(['jets', 'lens']);
    expect(applyFilters(items, { ...reset, domains: ['particle_physics'] }).map((i) => i.slug)).toEqual(['jets']);
    const counts = countFacets(items, reset);
    expect(counts.domains).toEqual({
      particle_physics: 1,
      physics: 2,
      astronomy: 1,
      imaging: 1,
      genomics: 1,
      biology: 1,
    });
  });

  it('keeps items from before 2000 at the open lower end, and needs the within-results words too', () => {
    const items = [
      item({ slug: 'blast', title: 'BLAST', year: 1990, tags: ['alignment'] }),
      item({ slug: 'new', title: 'New aligner', year: 2021, tags: ['alignment', 'gpu'] }),
    ];
    const reset = defaultFilters(2026);
    expect(applyFilters(items, reset).map((i) => i.slug)).toEqual(['blast', 'new']);
    expect(applyFilters(items, { ...reset, yearRange: [2000, 2010] }).map((i) => i.slug)).toEqual(['blast']);
    expect(applyFilters(items, { ...reset, yearRange: [2001, 2026] }).map((i) => i.slug)).toEqual(['new']);
    expect(applyFilters(items, { ...reset, search: 'align', within: 'gpu' }).map((i) => i.slug)).toEqual(['new']);
    expect(countFacets(items, { ...reset, search: 'align', within: 'gpu' }).years).toEqual({ '2021': 1 });
  });

  it('counts each facet with the other filters but not its own', () => {
    const items = [
      item({ slug: 'a', content_type: 'paper', domains: ['biology'] }),
      item({ slug: 'b', content_type: 'software', domains: ['biology', 'chemistry'] }),
      item({ slug: 'c', content_type: 'software', domains: ['physics'] }),
    ];
    const counts = countFacets(items, { ...defaultFilters(2026), contentTypes: ['software'], domains: ['biology'] });
    expect(counts.content_types).toEqual({ paper: 1, software: 1 });
    expect(counts.domains).toEqual({ biology: 1, chemistry: 1, physics: 1 });
  });

  it('keeps an item stating any chosen operation and any chosen input data, and counts both facets', () => {
    const items = [
      item({ slug: 'a', operations: ['Sequence alignment'], input_data: ['Sequence'] }),
      item({ slug: 'b', operations: ['Protein structure prediction'], input_data: ['Protein sequence'] }),
      item({ slug: 'c', operations: ['Sequence alignment', 'Protein structure prediction'] }),
      item({ slug: 'd' }),
    ];
    const slugs = (state: Partial<ReturnType<typeof defaultFilters>>) =>
      applyFilters(items, { ...defaultFilters(2026), sortBy: 'alphabetical', ...state }).map((found) => found.slug);
    expect(slugs({ operations: ['Sequence alignment', 'Protein structure prediction'] })).toEqual(['a', 'b', 'c']);
    expect(slugs({ operations: ['sequence alignment'] })).toEqual([]);
    expect(slugs({ operations: ['Protein structure prediction'], inputData: ['Protein sequence', 'Image'] })).toEqual([
      'b',
    ]);
    const counts = countFacets(items, { ...defaultFilters(2026), operations: ['Sequence alignment'] });
    expect(counts.operations).toEqual({ 'Sequence alignment': 2, 'Protein structure prediction': 2 });
    expect(counts.input_data).toEqual({ Sequence: 1 });
    expect(counts.content_types).toEqual({ software: 2 });
  });
});

describe('matchesSearch: accents, spaces and hyphens', () => {
  const item = {
    slug: 'schrodinger-fep-plus',
    title: 'Schrödinger FEP+',
    tags: ['nnU-Net'],
    short_description: null,
  } as unknown as FilterableItem;

  it.each(['schrodinger', 'SCHRÖDINGER fep', 'schrodingerfep', 'schrod', 'nnu-net'])('"%s" matches', (query) => {
    expect(matchesSearch(item, query)).toBe(true);
  });

  it('an unrelated word does not', () => {
    expect(matchesSearch(item, 'alphafold')).toBe(false);
  });
});
