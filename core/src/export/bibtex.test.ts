import { describe, expect, it } from 'vitest';
import { parseBibtex, unescapeBibtex } from '../../../tests/support/citation-parsers.ts';
import { libraryItem } from '../library/test-items.ts';
import { citationKeys, escapeBibtex, toBibtex } from './bibtex.ts';

const paper = libraryItem({
  slug: 'alphafold-2-paper',
  title: 'Highly accurate protein structure prediction with AlphaFold',
  content_type: 'paper',
  authors: ['John Jumper', 'Richard Evans', 'Demis Hassabis'],
  doi: '10.1038/s41586-021-03819-2',
  journal_name: 'Nature',
  publication_date: '2021-07-15',
  year: 2020,
  url: 'https://www.nature.com/articles/s41586-021-03819-2',
});
const tool = libraryItem({
  slug: 'rdkit',
  title: 'RDKit: Open-Source Cheminformatics & 100% fun_stuff {v2}',
  organization: { name: 'RDKit Community', type: null, size: null },
  year: 2006,
  url: 'https://www.rdkit.org',
  github_url: 'https://github.com/rdkit/rdkit',
});
const company = libraryItem({
  slug: 'isomorphic-labs',
  title: 'Isomorphic Labs',
  content_type: 'company',
  organization: { name: 'Isomorphic Labs', type: null, size: null },
  short_description: 'Drug discovery ~ AI',
});

describe('BibTeX export', () => {
  it('writes papers as @article with authors, journal, year, DOI and URL', () => {
    const [entry] = parseBibtex(toBibtex([paper]));
    expect(entry).toEqual({
      type: 'article',
      key: 'jumper2021highly',
      fields: {
        author: 'John Jumper and Richard Evans and Demis Hassabis',
        title: 'Highly accurate protein structure prediction with AlphaFold',
        year: '2021',
        url: 'https://www.nature.com/articles/s41586-021-03819-2',
        journal: 'Nature',
        doi: '10.1038/s41586-021-03819-2',
      },
    });
  });

  it('writes software as @software with organisation, year and URL, escaping special characters', () => {
    const [entry] = parseBibtex(toBibtex([tool]));
    expect(entry?.type).toBe('software');
    expect(entry?.fields).toMatchObject({
      author: '{RDKit Community}',
      organization: 'RDKit Community',
      year: '2006',
      url: 'https://www.rdkit.org',
      repository: 'https://github.com/rdkit/rdkit',
    });
    expect(entry?.fields.title).toBe('RDKit: Open-Source Cheminformatics \\& 100\\% fun\\_stuff \\{v2\\}');
    expect(unescapeBibtex(entry!.fields.title!)).toBe(tool.title);
  });

  it('writes companies and agents as @misc', () => {
    const entries = parseBibtex(
      toBibtex([company, libraryItem({ slug: 'chemcrow', title: 'ChemCrow', content_type: 'agent' })]),
    );
    expect(entries.map((entry) => entry.type)).toEqual(['misc', 'misc']);
    expect(unescapeBibtex(entries[0]!.fields.note!)).toBe('Drug discovery ~ AI');
  });

  it('escapes every LaTeX special character reversibly', () => {
    const text = 'a\\b{c}d&e%f$g#h_i~j^k';
    expect(escapeBibtex(text)).toBe(
      'a\\textbackslash{}b\\{c\\}d\\&e\\%f\\$g\\#h\\_i\\textasciitilde{}j\\textasciicircum{}k',
    );
    expect(unescapeBibtex(escapeBibtex(text))).toBe(text);
  });

  it('gives every entry a unique citation key', () => {
    const keys = citationKeys([
      paper,
      paper,
      paper,
      libraryItem({ slug: 'x-1', title: 'X' }),
      libraryItem({ slug: 'x-2', title: 'X' }),
    ]);
    expect(keys.slice(0, 3)).toEqual(['jumper2021highly', 'jumper2021highlya', 'jumper2021highlyb']);
    expect(new Set(keys).size).toBe(keys.length);
    const parsed = parseBibtex(toBibtex([paper, paper, tool, company]));
    expect(new Set(parsed.map((entry) => entry.key)).size).toBe(4);
  });
});
