import { describe, expect, it } from 'vitest';
import {
  DUMP_HEADER,
  DumpFormatError,
  dumpHasher,
  endLine,
  insertLine,
  parseDump,
  preambleLines,
  setvalLine,
} from './dump-format.ts';

function dumpOf(lines: string[]): string {
  const hasher = dumpHasher();
  for (const line of lines) hasher.add(line);
  return [...lines, endLine(hasher.digest())].map((line) => `${line}\n`).join('');
}

const odd = { schema: 'public', name: 'we"ird' };
const lines = [
  ...preambleLines({ schema: ['1', '2'], engine: 'pglite', tables: [odd], emptinessCheck: 'false' }),
  insertLine(odd, ['a"b', 'c'], true, 'sciai_abc', ['{"a\\"b": 1, "c": "x)y $sciai_ab$"}']),
  setvalLine({ schema: 'public', name: 's"q' }, '42', true),
  'COMMIT;',
];

describe('dump format', () => {
  it('reads back what it writes, quoted names and all', () => {
    const parsed = parseDump(dumpOf(lines));
    expect(parsed.schema).toEqual(['1', '2']);
    expect(parsed.tables).toEqual([odd]);
    expect(parsed.inserts).toEqual([{ table: odd, json: '[{"a\\"b": 1, "c": "x)y $sciai_ab$"}]' }]);
    expect(parsed.sequences).toEqual([{ sequence: { schema: 'public', name: 's"q' }, value: '42', isCalled: true }]);
  });

  it('refuses a row holding the quote tag instead of writing a file that reads differently', () => {
    expect(() => insertLine(odd, ['c'], false, 'tag', ['{"c": "$tag$"}'])).toThrow(/quote tag/);
  });

  it.each([
    ['another file', 'hello\n', /Not a SciAI dump/],
    ['no end line', `${DUMP_HEADER}\n-- schema: 1\n`, /cut short/],
    ['an edited line', dumpOf(lines).replace('42', '43'), /changed or damaged/],
    ['a foreign line', dumpOf([...lines.slice(0, -1), 'DROP TABLE x;', 'COMMIT;']), /not part of a SciAI dump/],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseDump(text)).toThrow(DumpFormatError);
    expect(() => parseDump(text)).toThrow(message);
  });
});
