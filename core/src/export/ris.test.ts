import { describe, expect, it } from 'vitest';
import { parseRis } from '../../../tests/support/citation-parsers.ts';
import { libraryItem } from '../library/test-items.ts';
import { toRis } from './ris.ts';

describe('RIS export', () => {
  it('writes papers as JOUR with one AU per author, PY, JO, DO, UR, and software as COMP', () => {
    const ris = toRis([
      libraryItem({
        slug: 'alphafold-2-paper',
        title: 'Highly accurate protein structure prediction',
        content_type: 'paper',
        authors: ['Jumper, John', 'Hassabis, Demis'],
        doi: '10.1038/s41586-021-03819-2',
        journal_name: 'Nature',
        publication_date: '2021-07-15',
        url: 'https://www.nature.com/articles/s41586-021-03819-2',
        short_description: 'Two\nlines',
      }),
      libraryItem({
        slug: 'rdkit',
        title: 'RDKit',
        organization: { name: 'RDKit Community', type: null, size: null },
        year: 2006,
        url: 'https://www.rdkit.org',
        tags: ['chemistry', 'open source'],
      }),
      libraryItem({ slug: 'isomorphic-labs', title: 'Isomorphic Labs', content_type: 'company' }),
    ]);
    expect(ris.split('\r\n').every((line) => line === '' || /^[A-Z][A-Z0-9] {2}- /.test(line))).toBe(true);
    const [paper, tool, company] = parseRis(ris);
    expect(paper).toEqual({
      TY: ['JOUR'],
      TI: ['Highly accurate protein structure prediction'],
      AU: ['Jumper, John', 'Hassabis, Demis'],
      PY: ['2021'],
      JO: ['Nature'],
      DO: ['10.1038/s41586-021-03819-2'],
      UR: ['https://www.nature.com/articles/s41586-021-03819-2'],
      AB: ['Two lines'],
    });
    expect(tool).toEqual({
      TY: ['COMP'],
      TI: ['RDKit'],
      PY: ['2006'],
      UR: ['https://www.rdkit.org'],
      PB: ['RDKit Community'],
      KW: ['chemistry', 'open source'],
    });
    expect(company).toEqual({ TY: ['GEN'], TI: ['Isomorphic Labs'] });
  });

  it('writes nothing for an empty library', () => {
    expect(parseRis(toRis([]))).toEqual([]);
  });
});
