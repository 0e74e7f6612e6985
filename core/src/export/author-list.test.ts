import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { parseBibtex } from '../../../tests/support/citation-parsers.ts';
import { libraryItem } from '../library/test-items.ts';
import { authorsLine } from '../catalog/fact-labels.ts';
import { toBibtex } from './bibtex.ts';
import { toCsv } from './csv.ts';
import { toRis } from './ris.ts';

/** docs/product.md#facts: exports carry every author in order, and say so when the list stops short. */
const authors = Array.from({ length: 30 }, (_, i) => `Author ${String.fromCharCode(65 + (i % 26))}${i}`);
const whole = libraryItem({ slug: 'whole', title: 'Whole list', content_type: 'paper', authors });
const cut = libraryItem({
  slug: 'cut',
  title: 'Cut list',
  content_type: 'paper',
  authors: authors.slice(0, 6),
  authors_complete: false,
});

describe('author lists in exports', () => {
  it('BibTeX: all 30 authors in order; "and others" only for a list that stops short', () => {
    const [first, second] = parseBibtex(toBibtex([whole, cut]));
    expect(first?.fields.author).toBe(authors.join(' and '));
    expect(second?.fields.author).toBe([...authors.slice(0, 6), 'others'].join(' and '));
  });
  it('RIS: one AU line per author in order, and a note for a list that stops short', () => {
    const ris = toRis([whole, cut]);
    const [a, b] = ris.split('ER  - ');
    expect(a?.match(/^AU {2}- .*$/gm)?.map((line) => line.slice(6))).toEqual(authors);
    expect(a).not.toContain('N1  -');
    expect(b).toContain('N1  - Author list incomplete (et al.)');
  });
  it('CSV: authors joined with "; ", ending in "et al." for a list that stops short', () => {
    const rows = Papa.parse<Record<string, string>>(toCsv([whole, cut]), { header: true }).data;
    expect(rows[0]?.authors).toBe(authors.join('; '));
    expect(rows[1]?.authors).toBe(`${authors.slice(0, 6).join('; ')}; et al.`);
  });
  it('cards may abbreviate: the first names and "et al."', () => {
    expect(authorsLine(['A', 'B', 'C'], true)).toBe('A, B, C');
    expect(authorsLine(['A', 'B', 'C'], true, 2)).toBe('A, B et al.');
    expect(authorsLine(['A', 'B'], false)).toBe('A, B et al.');
    expect(authorsLine([], false)).toBe('');
  });
});
