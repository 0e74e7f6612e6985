import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_TYPES } from './columns.ts';
import { parseCsvText } from './parse-csv.ts';
import { createDomainLookup, validateImportRow } from './row-rules.ts';
import { buildImportTemplate, quoteCsvValue } from './template.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';

describe('import templates', () => {
  for (const type of IMPORT_TYPES) {
    it(`${type}: named ${type}_template.csv, header = every column, the example row is Valid`, () => {
      const template = buildImportTemplate(type);
      expect(template.fileName).toBe(`${type}_template.csv`);
      const parsed = parseCsvText(template.csv);
      expect(parsed.headers).toEqual(IMPORT_COLUMNS[type].map((column) => column.name));
      expect(parsed.rows).toHaveLength(1);
      expect(parsed.processingErrors).toEqual([]);
      const row = validateImportRow(type, parsed.rows[0]!, createDomainLookup(TEST_DOMAINS));
      expect(row.issues).toEqual([]);
      expect(row.status).toBe('Valid');
      expect(template.help.map((entry) => entry.column)).toEqual(parsed.headers);
      expect(template.help.every((entry) => entry.help.length > 0)).toBe(true);
    });
  }
  it('uses the column help texts', () => {
    const help = new Map(buildImportTemplate('paper').help.map((entry) => [entry.column, entry.help]));
    expect(help.get('title')).toBe('Paper title (required)');
    expect(help.get('publication_date')).toBe('Date in YYYY-MM-DD format');
    expect(help.get('peer_reviewed')).toBe('true/false');
  });
  it('quotes values holding commas, quotes or newlines, doubling quotes', () => {
    expect(quoteCsvValue('plain')).toBe('plain');
    expect(quoteCsvValue('a,b')).toBe('"a,b"');
    expect(quoteCsvValue('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvValue('two\nlines')).toBe('"two\nlines"');
  });
});
