import { describe, expect, it } from 'vitest';
import { readBoolean, readCount, readDate, readDoi, readJsonObject, readUrl } from './cell-readers.ts';

describe('cell readers', () => {
  it("reads booleans as true only for 'true' in any letter case", () => {
    expect(['true', 'TRUE', ' True '].map(readBoolean)).toEqual([true, true, true]);
    expect(['yes', '1', 'false', '', 't'].map(readBoolean)).toEqual([false, false, false, false, false]);
  });
  it('reads citation counts as whole numbers ≥ 0, default 0', () => {
    expect(readCount('', 'citation_count')).toEqual({ ok: true, value: 0 });
    expect(readCount(' 42 ', 'citation_count')).toEqual({ ok: true, value: 42 });
    for (const bad of ['-1', '1.5', 'abc', '99999999999']) {
      expect(readCount(bad, 'citation_count')).toEqual({
        ok: false,
        error: 'citation_count must be a whole number of 0 or more',
      });
    }
  });
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    const message = 'Invalid publication date format';
    expect(readDate('2024-02-29', message)).toEqual({ ok: true, value: '2024-02-29' });
    expect(readDate('', message)).toEqual({ ok: true, value: null });
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024/01/01',
      '24-01-01',
      '2024-1-1',
      'January 2024',
    ]) {
      expect(readDate(bad, message)).toEqual({ ok: false, error: message });
    }
  });
  it('reads traction_metrics as a JSON object, empty as {}', () => {
    expect(readJsonObject('', 'traction_metrics')).toEqual({ ok: true, value: {} });
    expect(readJsonObject('{"users": 10}', 'traction_metrics')).toEqual({ ok: true, value: { users: 10 } });
    for (const bad of ['[1]', '"x"', '{users: 10}', '12'])
      expect(readJsonObject(bad, 'traction_metrics').ok).toBe(false);
  });
  it('accepts only http(s) links', () => {
    expect(readUrl('https://example.org/a', 'url')).toEqual({ ok: true, value: 'https://example.org/a' });
    expect(readUrl('example.org', 'url')).toEqual({
      ok: false,
      error: 'url must be a link starting with http:// or https://',
    });
  });
  it('reads DOIs, dropping a doi.org link or doi: prefix', () => {
    expect(readDoi('https://doi.org/10.1038/abc')).toEqual({ ok: true, value: '10.1038/abc' });
    expect(readDoi('doi: 10.1000/xyz')).toEqual({ ok: true, value: '10.1000/xyz' });
    expect(readDoi('not-a-doi')).toEqual({ ok: false, error: 'Invalid DOI format' });
  });
});
