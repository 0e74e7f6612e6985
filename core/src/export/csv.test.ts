import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { libraryItem } from '../library/test-items.ts';
import { CSV_COLUMNS, neutraliseCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('parses back to the items, lists joined with "; "', () => {
    const csv = toCsv([
      libraryItem({
        slug: 'alphafold-2-paper',
        title: 'Highly accurate protein structure prediction, "AlphaFold"',
        content_type: 'paper',
        authors: ['John Jumper', 'Demis Hassabis'],
        doi: '10.1038/s41586-021-03819-2',
        journal_name: 'Nature',
        publication_date: '2021-07-15',
        domains: ['biology', 'computational_biology'],
        tags: ['protein', 'structure'],
        short_description: 'Line one\nline two',
        organization: { name: 'DeepMind', type: null, size: null },
        url: 'https://www.nature.com/articles/s41586-021-03819-2',
      }),
      libraryItem({ slug: 'plain', title: 'Plain' }),
    ]);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(parsed.data[0]).toMatchObject({
      title: 'Highly accurate protein structure prediction, "AlphaFold"',
      type: 'paper',
      organization: 'DeepMind',
      year: '2021',
      doi: '10.1038/s41586-021-03819-2',
      journal: 'Nature',
      authors: 'John Jumper; Demis Hassabis',
      domains: 'biology; computational_biology',
      tags: 'protein; structure',
      page: '/paper/alphafold-2-paper',
      description: 'Line one\nline two',
    });
    expect(parsed.data[1]).toMatchObject({ title: 'Plain', year: '', doi: '', authors: '' });
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCell(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(neutraliseCell('Safe = text')).toBe('Safe = text');
    const csv = toCsv([
      libraryItem({
        slug: 'evil',
        title: '=HYPERLINK("http://evil.example")',
        tags: ['@SUM(A1)'],
        short_description: '-2+3',
      }),
    ]);
    const [row] = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(row).toMatchObject({ title: `'=HYPERLINK("http://evil.example")`, tags: `'@SUM(A1)`, description: `'-2+3` });
  });
});
