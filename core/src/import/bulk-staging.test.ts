import { describe, expect, it } from 'vitest';
import { KeyTable } from './key-table.ts';
import { processCsv, processCsvChunks } from './process-csv.ts';

async function* piecesOf(text: string, size: number): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}
import { planImport } from './write-import.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';

const PAPERS = [
  'title,abstract,short_description,doi,keywords,domains,authors',
  'First,About one,,10.1000/one,"genes, cells",Biology,"Ada, Alan"',
  ',No title,,10.1000/two,,Biology,',
  'Third,,,10.1000/three,,Alchemy,',
  'Fourth,About four,Own summary,10.1000/four,proteins,biology,Grace',
  'Short,row',
  'Fifth,,,10.1000/five,,chemistry,',
].join('\n');

describe('large-file path of the import', () => {
  it('a file read in pieces of any size gives the same result as the whole text', async () => {
    const whole = await processCsv(PAPERS, 'paper', { domains: TEST_DOMAINS });
    for (const size of [1, 2, 7, 64]) {
      const inPieces = await processCsvChunks(piecesOf(`\uFEFF${PAPERS}\r\n`, size), 'paper', {
        domains: TEST_DOMAINS,
      });
      expect(inPieces, `pieces of ${size}`).toEqual(whole);
    }
    const during = whole;
    expect(during.processingErrors).toHaveLength(1);
    expect(during.rows.map((row) => row.status)).toEqual(['Valid', 'Invalid', 'Invalid', 'Valid', 'Warning']);
  });

  it('stages rows without the description and tags that copy the abstract and keywords', async () => {
    const plan = planImport(await processCsv(PAPERS, 'paper', { domains: TEST_DOMAINS }), 'papers.csv');
    const [first, fourth, fifth] = plan.rows;
    expect(first).toMatchObject({ title: 'First', abstract: 'About one', keywords: ['genes', 'cells'], row_number: 2 });
    expect(first).not.toHaveProperty('description');
    expect(first).not.toHaveProperty('tags');
    expect(fourth).toMatchObject({ short_description: 'Own summary' });
    // No abstract: the description is empty and is left out too; commit_import falls back to ''.
    expect(fifth).not.toHaveProperty('description');
  });

  it('keeps tags and description for companies, whose description is not a copy', async () => {
    const csv = ['name,description,industry_focus,organization_name', 'Acme,Makes things,"robots, ai",Acme Inc'].join(
      '\n',
    );
    const plan = planImport(await processCsv(csv, 'company', { domains: TEST_DOMAINS }), 'companies.csv');
    expect(plan.rows[0]).toMatchObject({ description: 'Makes things' });
    // industry_focus is the tag source: the copy is left out, the original kept.
    expect(plan.rows[0]).toMatchObject({ industry_focus: ['robots', 'ai'] });
    expect(plan.rows[0]).not.toHaveProperty('tags');
  });
});

describe('the file-wide table of duplicate keys', () => {
  it('keeps the first row of each key, through growth, and tells keys apart', () => {
    const table = new KeyTable();
    for (let index = 0; index < 50_000; index += 1) table.set(`10.5555/key.${index}`, index + 2);
    table.set('10.5555/key.7', 999_999);
    expect(table.size).toBe(50_000);
    expect(table.get('10.5555/key.7')).toBe(9);
    expect(table.get('10.5555/key.49999')).toBe(50_001);
    expect(table.get('10.5555/key.50000')).toBeUndefined();
    expect(table.has('')).toBe(false);
    table.set('', 3);
    expect(table.get('')).toBe(3);
  });
});
