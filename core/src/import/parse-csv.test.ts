import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCsvFile, CsvFileError, decodeCsvBytes, parseCsvText } from './parse-csv.ts';

const SPECTRUM = join(import.meta.dirname, '../../../node_modules/csv-spectrum');

/**
 * csv-spectrum 2.0.0's location_coordinates.json is a bare object whose phone number is not the
 * one in its CSV (2095257564); the CSV is the case, so the expectation is corrected here.
 */
const ERRATA: Record<string, Record<string, string>> = {
  location_coordinates: { 'contact phone number': '2095257564' },
};

/** Our parser lower-cases header names (column names are matched in any case). */
function expectedRows(name: string, json: unknown): Array<Record<string, string>> {
  const rows: unknown[] = Array.isArray(json) ? json : [json];
  return rows.map((row) => {
    const entries = Object.entries(typeof row === 'object' && row !== null ? row : {}).map(([key, value]) => [
      key.toLowerCase(),
      String(value),
    ]);
    return { ...Object.fromEntries(entries), ...ERRATA[name] };
  });
}

describe('RFC 4180 conformance (csv-spectrum)', () => {
  const cases = readdirSync(join(SPECTRUM, 'csvs')).map((file) => file.replace(/\.csv$/, ''));
  it('has the package cases', () => expect(cases.length).toBeGreaterThanOrEqual(12));
  for (const name of cases) {
    it(name, () => {
      const text = decodeCsvBytes(readFileSync(join(SPECTRUM, 'csvs', `${name}.csv`)));
      const expected: unknown = JSON.parse(readFileSync(join(SPECTRUM, 'json', `${name}.json`), 'utf8'));
      const parsed = parseCsvText(text);
      expect(parsed.processingErrors).toEqual([]);
      expect(parsed.rows.map((row) => row.cells)).toEqual(expectedRows(name, expected));
    });
  }
});

describe('parseCsvText', () => {
  it('handles a BOM, CRLF and trailing empty lines', () => {
    const parsed = parseCsvText('\uFEFFTitle,abstract\r\n"a, b","say ""hi"""\r\n\r\n\r\n');
    expect(parsed.headers).toEqual(['title', 'abstract']);
    expect(parsed.rows).toEqual([{ rowNumber: 2, cells: { title: 'a, b', abstract: 'say "hi"' } }]);
  });
  it('skips rows whose column count differs from the header, listing them by row number', () => {
    const parsed = parseCsvText('title,abstract\nok,fine\nshort\ntoo,many,cells\nlast,one\n');
    expect(parsed.rows.map((row) => row.rowNumber)).toEqual([2, 5]);
    expect(parsed.processingErrors).toEqual([
      'Row 3: expected 2 columns but found 1; the row was skipped',
      'Row 4: expected 2 columns but found 3; the row was skipped',
    ]);
  });
  it("refuses a header without data: 'CSV must have at least a header row and one data row'", () => {
    for (const text of ['title,abstract\n', 'title,abstract', '', '\n\n']) {
      expect(() => parseCsvText(text)).toThrow('CSV must have at least a header row and one data row');
    }
  });
  it('stops at the row limit with a clear message', () => {
    const text = `title\n${'x\n'.repeat(4)}`;
    expect(parseCsvText(text, { maxRows: 4 }).rows).toHaveLength(4);
    expect(() => parseCsvText(text, { maxRows: 3 })).toThrow(/more than 3 data rows, the limit here/);
  });
  it('reads only the first rows for a preview', () => {
    const parsed = parseCsvText(`title\n${'x\n'.repeat(50)}`, { firstRows: 10 });
    expect(parsed.rows).toHaveLength(10);
  });
});

describe('file checks', () => {
  it("accepts text/csv or a .csv name, else 'Invalid File Type' / 'Please select a CSV file'", () => {
    expect(() => checkCsvFile({ name: 'data.CSV', type: '', size: 10 })).not.toThrow();
    expect(() => checkCsvFile({ name: 'export', type: 'text/csv', size: 10 })).not.toThrow();
    const error = catchError(() => checkCsvFile({ name: 'photo.png', type: 'image/png', size: 10 }));
    expect(error).toBeInstanceOf(CsvFileError);
    expect([error.title, error.message]).toEqual(['Invalid File Type', 'Please select a CSV file']);
  });
  it('refuses files over the size limit (20 MB in the browser)', () => {
    expect(() => checkCsvFile({ name: 'a.csv', type: 'text/csv', size: 21 * 1_048_576 })).toThrow(/larger than 20 MB/);
    expect(() =>
      checkCsvFile({ name: 'a.csv', type: 'text/csv', size: 21 * 1_048_576 }, { maxBytes: 1e9, maxRows: 1e6 }),
    ).not.toThrow();
  });
  it('treats content that is not UTF-8 text as not a CSV', () => {
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]))).toBe('a,b');
    expect(() => decodeCsvBytes(new Uint8Array([0x61, 0xff, 0xfe, 0x62]))).toThrow('Please select a CSV file');
    expect(() => decodeCsvBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]))).toThrow(
      'Please select a CSV file',
    );
  });
});

function catchError(run: () => void): CsvFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof CsvFileError) return error;
    throw error;
  }
  throw new Error('expected a CsvFileError');
}
