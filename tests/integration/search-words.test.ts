import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crowdClient, serviceClient } from '../support/clients.ts';
import { searchItems, type SearchResult } from '../support/search.ts';

/**
 * docs/product.md#browse-search: the field's abbreviations find items written with the long
 * form and the other way round, and a query whose words together find nothing falls back to
 * the items matching some of them. On purpose-made items, each carrying a made-up word that
 * keeps every query to them alone.
 */
const service = serviceClient();
// some two hundred searches: each from a visitor of its own, as the rate limit is not under test
const anon = crowdClient(inject('backend').url, inject('backend').anonKey);
const prefix = `search-words-${Date.now()}`;
const MARK = 'zyxsynprobe';

interface Pair {
  short_form: string;
  long_form: string;
}

let pairs: Pair[] = [];

async function addItems(rows: Array<{ slug: string; title: string; short_description: string }>): Promise<void> {
  const { error } = await service.from('content_items').insert(
    rows.map((row) => ({
      ...row,
      content_type: 'paper',
      status: 'published',
      published_at: new Date().toISOString(),
      tags: [],
    })),
  );
  expect(error).toBeNull();
}

beforeAll(async () => {
  const { data, error } = await service.from('search_synonyms').select('short_form, long_form');
  expect(error).toBeNull();
  pairs = data as Pair[];
  await addItems(
    pairs.flatMap((pair, i) => [
      { slug: `${prefix}-long-${i}`, title: `Probe ${i} long`, short_description: `${MARK} ${pair.long_form}` },
      { slug: `${prefix}-short-${i}`, title: `Probe ${i} short`, short_description: `${MARK} ${pair.short_form}` },
    ]),
  );
  await addItems([
    { slug: `${prefix}-two`, title: 'Quokkafold wombatnet', short_description: 'Both of the first two words.' },
    { slug: `${prefix}-one`, title: 'Quokkafold alone', short_description: 'Only the first word.' },
    { slug: `${prefix}-other`, title: 'Numbatgene alone', short_description: 'Only the third word.' },
  ]);
}, 120_000);

afterAll(async () => {
  await service.from('content_items').delete().like('slug', `${prefix}-%`);
});

describe('abbreviations and their long forms', () => {
  it('holds at least sixty pairs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(60);
  });

  it('finds the item written with the other form, both ways, for every pair', async () => {
    const misses: string[] = [];
    // among the items matching every word, not those a short page adds matching some of them
    const fullMatches = (result: SearchResult) =>
      result.items.slice(0, result.partial_from ?? result.items.length).map((item) => item.slug);
    for (const [i, pair] of pairs.entries()) {
      const byShort = await searchItems(anon, { search: `${MARK} ${pair.short_form}` }, { size: 100 });
      if (!fullMatches(byShort).includes(`${prefix}-long-${i}`)) misses.push(`${pair.short_form} →`);
      const byLong = await searchItems(anon, { search: `${MARK} ${pair.long_form}` }, { size: 100 });
      if (!fullMatches(byLong).includes(`${prefix}-short-${i}`)) misses.push(`← ${pair.long_form}`);
      expect(byShort.partial_match).toBeUndefined();
    }
    expect(misses).toEqual([]);
  }, 300_000);

  it('matches a form only as whole words, whatever its case and hyphens', async () => {
    const spelled = await searchItems(anon, { search: `${MARK} Cryo EM` }, { size: 100 });
    const longIndex = pairs.findIndex((pair) => pair.short_form === 'cryo-EM');
    expect(spelled.items.map((item) => item.slug)).toContain(`${prefix}-long-${longIndex}`);
    // "md" inside "xcmdx" is no abbreviation: the query is not widened, so all its words find
    // nothing and only the fallback to some of them answers
    const inside = await searchItems(anon, { search: `${MARK} xcmdx` }, { size: 100 });
    expect(inside.partial_match).toBe(true);
  });
});

describe('partial matches', () => {
  it('when all the words find nothing, answers the items matching some, most words first, flagged', async () => {
    const result = await searchItems(anon, { search: 'quokkafold wombatnet numbatgene' }, { size: 20 });
    expect(result.partial_match).toBe(true);
    expect(result.corrected_search).toBeUndefined();
    expect(result.total).toBe(3);
    expect(result.items[0]!.slug).toBe(`${prefix}-two`);
    expect(result.items.map((item) => item.slug).sort()).toEqual(
      [`${prefix}-one`, `${prefix}-other`, `${prefix}-two`].sort(),
    );
  });

  it('is not flagged when all the words match; a short first page goes on with items matching some', async () => {
    const result = await searchItems(anon, { search: 'quokkafold wombatnet' });
    expect(result.partial_match).toBeUndefined();
    expect(result.total).toBe(1);
    expect(result.items.map((item) => item.slug)).toEqual([`${prefix}-two`, `${prefix}-one`]);
    expect(result.partial_from).toBe(1);
  });

  it('fills no page but the first, and not a query of a phrase, an exclusion or "or"', async () => {
    const second = await searchItems(anon, { search: 'quokkafold wombatnet' }, { offset: 20 });
    expect(second.items).toEqual([]);
    expect(second.partial_from).toBeUndefined();
    for (const search of ['"quokkafold wombatnet"', 'quokkafold wombatnet -numbatgene', 'wombatnet or zzqqxxnone']) {
      const result = await searchItems(anon, { search });
      expect(
        result.items.map((item) => item.slug),
        search,
      ).toEqual([`${prefix}-two`]);
      expect(result.partial_from, search).toBeUndefined();
    }
  });

  it('adds nothing when the full matches fill the page', async () => {
    const result = await searchItems(anon, { search: 'quokkafold wombatnet' }, { size: 1 });
    expect(result.items.map((item) => item.slug)).toEqual([`${prefix}-two`]);
    expect(result.partial_from).toBeUndefined();
  });

  it('corrects a misspelling before falling back to some of the words', async () => {
    const result = await searchItems(anon, { search: 'quokkafodl wombatnet' });
    expect(result.corrected_search).toBe('quokkafold wombatnet');
    expect(result.partial_match).toBeUndefined();
    expect(result.items.map((item) => item.slug).slice(0, result.partial_from)).toEqual([`${prefix}-two`]);
  });

  it('says nothing matched for a single unknown word (no fallback)', async () => {
    const result = await searchItems(anon, { search: 'qqzzvvkkxx' });
    expect(result.total).toBe(0);
    expect(result.partial_match).toBeUndefined();
  });
});
