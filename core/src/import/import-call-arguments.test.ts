import { describe, expect, it } from 'vitest';
import { typedImportCall } from './import-call-arguments.ts';

describe('typedImportCall', () => {
  it('passes the arguments each import function takes through unchanged', () => {
    const summary = { total_rows: 3, invalid: 1, duplicates: 0 };
    expect(typedImportCall('begin_import', { content_type: 'paper', file_name: 'papers.csv', summary })).toEqual({
      fn: 'begin_import',
      args: { content_type: 'paper', file_name: 'papers.csv', summary },
    });
    const rows = [{ row_number: 2, title: 'AlphaFold', authors: ['John Jumper'], year: 2021, doi: null }];
    expect(typedImportCall('stage_import_rows', { batch_id: 'b', rows })).toEqual({
      fn: 'stage_import_rows',
      args: { batch_id: 'b', rows },
    });
    expect(typedImportCall('find_existing_import_keys', { content_type: 'company', keys: ['deepmind'] })).toEqual({
      fn: 'find_existing_import_keys',
      args: { content_type: 'company', keys: ['deepmind'] },
    });
  });

  it('refuses a record that does not fit, naming the argument', () => {
    expect(() => typedImportCall('commit_import', { batch_id: 42 })).toThrow('import call: batch_id must be text');
    expect(() => typedImportCall('find_existing_import_keys', { content_type: 'paper', keys: ['a', 1] })).toThrow(
      'import call: keys must be a list of text',
    );
    expect(() =>
      typedImportCall('stage_import_rows', { batch_id: 'b', rows: [{ year: Number.POSITIVE_INFINITY }] }),
    ).toThrow('import call: rows must be JSON');
  });
});
