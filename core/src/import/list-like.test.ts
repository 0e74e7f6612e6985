import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatListAsCommas, formatListAsJson, parseListLike, tryParseJson } from './list-like.ts';

describe('parseListLike (list-like fields)', () => {
  it('reads an empty or blank cell as an empty list', () => {
    expect(parseListLike('')).toEqual([]);
    expect(parseListLike('   ')).toEqual([]);
  });
  it('uses a JSON array, trimming entries and dropping empty ones', () => {
    expect(parseListLike('["Biology", " Chemistry ", ""]')).toEqual(['Biology', 'Chemistry']);
    expect(parseListLike('[1, 2.5, true]')).toEqual(['1', '2.5', 'true']);
  });
  it('wraps a single JSON value into a list', () => {
    expect(parseListLike('"Physics"')).toEqual(['Physics']);
    expect(parseListLike('42')).toEqual(['42']);
    expect(parseListLike('1.0')).toEqual(['1.0']);
  });
  it('otherwise splits on commas, trims and drops empties', () => {
    expect(parseListLike('Ada Lovelace,  Alan Turing , ,Grace Hopper,')).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
    ]);
    expect(parseListLike('[broken, json')).toEqual(['[broken', 'json']);
  });

  // Entries as people write them: trimmed, not empty, no commas, and not themselves JSON text of
  // a string or an array (a cell holding only `"x"` or `[x]` is JSON and means that JSON).
  const entry = fc
    .string({ minLength: 1, maxLength: 20 })
    .map((text) => text.replace(/,/g, '').trim())
    .filter((text) => {
      if (text === '') return false;
      const parsed = tryParseJson(text);
      return !(parsed.ok && (typeof parsed.value === 'string' || Array.isArray(parsed.value)));
    });

  it('round-trips any list of comma-free strings through the JSON form', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (list) => {
        expect(parseListLike(formatListAsJson(list))).toEqual(list);
      }),
    );
  });
  it('writes as JSON a list whose comma form would read as JSON', () => {
    expect(formatListAsCommas(['"', '"'])).toBe('["\\"","\\""]');
    expect(parseListLike(formatListAsCommas(['"', '"']))).toEqual(['"', '"']);
    expect(formatListAsCommas(['a', 'b'])).toBe('a, b');
  });
  it('round-trips any list of comma-free strings through the comma form', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (list) => {
        expect(parseListLike(formatListAsCommas(list))).toEqual(list);
      }),
    );
  });
});
