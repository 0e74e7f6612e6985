import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportLibrary, filterLibrary, libraryStats, LibraryItemsSchema, type LibraryItem } from '@sciai/core';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { parseBibtex, parseRis, unescapeBibtex } from '../support/citation-parsers.ts';
import { anonClient } from '../support/clients.ts';
import { createTestItem } from '../support/test-items.ts';

const SLUGS = ['alphafold', 'alphafold-2-paper', 'isomorphic-labs', 'chemcrow'] as const;

async function idsBySlug(): Promise<Record<string, string>> {
  const { data, error } = await anonClient()
    .from('content_items')
    .select('id, slug')
    .in('slug', [...SLUGS]);
  expect(error).toBeNull();
  return Object.fromEntries((data ?? []).map((row: { id: string; slug: string }) => [row.slug, row.id]));
}

async function library(user: SignedInUser): Promise<LibraryItem[]> {
  const { data, error } = await user.client.rpc('library_items');
  expect(error).toBeNull();
  return LibraryItemsSchema.parse(data);
}

describe('the library', () => {
  let user: SignedInUser;
  let ids: Record<string, string>;
  let items: LibraryItem[];

  beforeAll(async () => {
    user = await signedInAs('user', 'librarian');
    ids = await idsBySlug();
    expect(await library(user)).toEqual([]);
    // saved one after another, so the newest-first order is known
    for (const slug of SLUGS) {
      const { error } = await user.client.rpc('save_item', { item_id: ids[slug]! });
      expect(error).toBeNull();
    }
    // the tool was saved ten days ago: outside "added this week"
    await withDatabase((db) =>
      db.query(
        "update public.user_saved_items set saved_at = now() - interval '10 days' where user_id = $1 and content_id = $2",
        [user.userId, ids.alphafold],
      ),
    );
    items = await library(user);
  });

  it('returns the saved items, newest saved first, with what cards and exports need', () => {
    expect(items.map((item) => item.slug)).toEqual(['chemcrow', 'isomorphic-labs', 'alphafold-2-paper', 'alphafold']);
    const paper = items.find((item) => item.slug === 'alphafold-2-paper')!;
    expect(paper).toMatchObject({
      content_type: 'paper',
      title: 'Highly accurate protein structure prediction with AlphaFold',
      doi: '10.1038/s41586-021-03819-2',
      journal_name: 'Nature',
      publication_date: '2021-07-15',
      organization: { name: 'Google DeepMind' },
    });
    expect(paper.authors.slice(0, 2)).toEqual(['John Jumper', 'Richard Evans']);
    expect(items.find((item) => item.slug === 'alphafold')).toMatchObject({
      github_url: 'https://github.com/google-deepmind/alphafold',
      domains: ['computational_biology', 'biology', 'drug_discovery'],
    });
  });

  it('counts stats with the 7-day window', () => {
    const now = new Date();
    expect(libraryStats(items, now)).toEqual({ total: 4, software: 1, papers: 1, addedThisWeek: 3 });
    expect(filterLibrary(items, { tab: 'recent', search: '' }, now).map((item) => item.slug)).toEqual([
      'chemcrow',
      'isomorphic-labs',
      'alphafold-2-paper',
    ]);
    expect(filterLibrary(items, { tab: 'all', search: 'protein' }, now).map((item) => item.slug)).toEqual([
      'alphafold-2-paper',
      'alphafold',
    ]);
  });

  it('keeps each user to their own library, and refuses visitors', async () => {
    const other = await signedInAs('user', 'other-librarian');
    expect(await library(other)).toEqual([]);
    const anon = await anonClient().rpc('library_items');
    expect(anon.error).not.toBeNull();
  });

  it('leaves out an item that is no longer published', async () => {
    const reader = await signedInAs('user', 'reader');
    const item = await createTestItem('software', 'lib-hidden');
    expect((await reader.client.rpc('save_item', { item_id: item.id })).error).toBeNull();
    expect((await library(reader)).map((saved) => saved.slug)).toEqual([item.slug]);
    await withDatabase((db) =>
      db.query("update public.content_items set status = 'archived' where id = $1", [item.id]),
    );
    expect(await library(reader)).toEqual([]);
  });

  describe('exports of the library, parsed back', () => {
    const now = new Date('2026-11-21T08:00:00Z');

    it('CSV', () => {
      const file = exportLibrary('csv', items, now);
      expect(file.filename).toBe('sciai-library-2026-11-21.csv');
      const rows = Papa.parse<Record<string, string>>(file.content, { header: true, skipEmptyLines: true });
      expect(rows.errors).toEqual([]);
      expect(rows.data.map((row) => row.title)).toEqual(items.map((item) => item.title));
      expect(rows.data[2]).toMatchObject({
        type: 'paper',
        doi: '10.1038/s41586-021-03819-2',
        journal: 'Nature',
        year: '2021',
        organization: 'Google DeepMind',
        page: '/paper/alphafold-2-paper',
      });
      expect(rows.data[2]!.authors!.startsWith('John Jumper; Richard Evans')).toBe(true);
    });

    it('JSON', () => {
      const parsed: unknown = JSON.parse(exportLibrary('json', items, now).content);
      expect(parsed).toMatchObject({
        count: 4,
        items: [
          { title: 'ChemCrow', type: 'agent' },
          { title: 'Isomorphic Labs', type: 'company' },
          { type: 'paper', doi: '10.1038/s41586-021-03819-2', journal: 'Nature', year: 2021 },
          { title: 'AlphaFold 2', type: 'software', github_url: 'https://github.com/google-deepmind/alphafold' },
        ],
      });
    });

    it('BibTeX', () => {
      const entries = parseBibtex(exportLibrary('bibtex', items, now).content);
      expect(entries.map((entry) => entry.type)).toEqual(['misc', 'misc', 'article', 'software']);
      expect(new Set(entries.map((entry) => entry.key)).size).toBe(4);
      const article = entries[2]!;
      expect(article.fields).toMatchObject({ journal: 'Nature', year: '2021', doi: '10.1038/s41586-021-03819-2' });
      expect(article.fields.author!.split(' and ').slice(0, 2)).toEqual(['John Jumper', 'Richard Evans']);
      expect(unescapeBibtex(article.fields.title!)).toBe('Highly accurate protein structure prediction with AlphaFold');
      expect(entries[3]!.fields).toMatchObject({
        organization: 'Google DeepMind',
        year: '2021',
        url: 'https://github.com/google-deepmind/alphafold',
      });
    });

    it('RIS', () => {
      const records = parseRis(exportLibrary('ris', items, now).content);
      expect(records.map((record) => record.TY)).toEqual([['GEN'], ['GEN'], ['JOUR'], ['COMP']]);
      expect(records[2]).toMatchObject({ JO: ['Nature'], PY: ['2021'], DO: ['10.1038/s41586-021-03819-2'] });
      expect(records[2]!.AU!.slice(0, 2)).toEqual(['John Jumper', 'Richard Evans']);
      expect(records[3]).toMatchObject({
        TI: ['AlphaFold 2'],
        PB: ['Google DeepMind'],
        UR: ['https://github.com/google-deepmind/alphafold'],
      });
    });
  });
});
