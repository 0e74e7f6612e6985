import { describe, expect, it } from 'vitest';
import {
  addToSelection,
  compareHref,
  parseCompareItems,
  parseStoredSelection,
  removeFromSelection,
  type CompareEntry,
} from './compare-selection.ts';

const entry = (slug: string): CompareEntry => ({ slug, title: slug.toUpperCase() });

describe('parseStoredSelection', () => {
  it('reads the stored picks', () => {
    expect(parseStoredSelection(JSON.stringify([entry('a'), entry('b')]))).toEqual([entry('a'), entry('b')]);
  });

  it('survives missing, malformed and hand-edited values', () => {
    expect(parseStoredSelection(null)).toEqual([]);
    expect(parseStoredSelection('not json')).toEqual([]);
    expect(parseStoredSelection('{"slug":"a"}')).toEqual([]);
    const messy = [entry('a'), { slug: 'b' }, 'c', entry('a'), { slug: 'x,y', title: 'Comma' }, entry('d')];
    expect(parseStoredSelection(JSON.stringify(messy))).toEqual([entry('a'), entry('d')]);
  });

  it('trims slugs and titles and drops empty or overlong ones', () => {
    const stored = [
      { slug: '  a  ', title: ' A ' },
      { slug: ' ', title: 'Blank slug' },
      { slug: 'b', title: '' },
      { slug: 'x'.repeat(201), title: 'Long slug' },
      { slug: 'c', title: 'T'.repeat(501) },
      { slug: 'd', title: 'T'.repeat(500) },
      { slug: 7, title: 'Number' },
    ];
    expect(parseStoredSelection(JSON.stringify(stored))).toEqual([
      { slug: 'a', title: 'A' },
      { slug: 'd', title: 'T'.repeat(500) },
    ]);
  });

  it('keeps at most four', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map(entry);
    expect(parseStoredSelection(JSON.stringify(five)).map((item) => item.slug)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('addToSelection / removeFromSelection', () => {
  it('adds at the end, once', () => {
    const first = addToSelection([], entry('a'));
    expect(first).toEqual({ selection: [entry('a')], outcome: 'added' });
    expect(addToSelection(first.selection, entry('a'))).toEqual({ selection: [entry('a')], outcome: 'already-added' });
  });

  it('refuses a fifth item', () => {
    const four = ['a', 'b', 'c', 'd'].map(entry);
    expect(addToSelection(four, entry('e'))).toEqual({ selection: four, outcome: 'full' });
  });

  it('removes by slug', () => {
    expect(removeFromSelection([entry('a'), entry('b')], 'a')).toEqual([entry('b')]);
    expect(removeFromSelection([entry('a')], 'zzz')).toEqual([entry('a')]);
  });
});

describe('parseCompareItems / compareHref', () => {
  it('splits, trims and de-duplicates, keeping the first four in order', () => {
    expect(parseCompareItems(' b, a ,,b,c,d,e')).toEqual(['b', 'a', 'c', 'd']);
    expect(parseCompareItems('')).toEqual([]);
    expect(parseCompareItems(null)).toEqual([]);
  });

  it('builds a readable, shareable address that parses back', () => {
    const href = compareHref(['alphafold', 'rosetta']);
    expect(href).toBe('/compare?items=alphafold,rosetta');
    expect(parseCompareItems(new URL(href, 'https://example.org').searchParams.get('items'))).toEqual([
      'alphafold',
      'rosetta',
    ]);
    expect(compareHref([])).toBe('/compare');
  });
});
