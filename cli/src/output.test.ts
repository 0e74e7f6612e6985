import { describe, expect, it } from 'vitest';
import { integerInRange } from './arguments.ts';
import { formatDuration, formatInteger } from './output.ts';

describe('integerInRange', () => {
  const parse = integerInRange(1, 1_000_000);

  it('accepts whole numbers in range, with surrounding spaces', () => {
    expect(parse('1')).toBe(1);
    expect(parse(' 100000 ')).toBe(100_000);
    expect(parse('1000000')).toBe(1_000_000);
  });

  it.each(['0', '1000001', '-1', '2.5', '1e5', '0x10', 'ten', ''])('rejects %j', (value) => {
    expect(() => parse(value)).toThrow('Expected a whole number from 1 to 1,000,000.');
  });
});

describe('formatting', () => {
  it('groups thousands', () => {
    expect(formatInteger(4_000)).toBe('4,000');
    expect(formatInteger(100_000)).toBe('100,000');
  });

  it.each([
    [950, '950ms'],
    [12_345, '12.3s'],
    [125_000, '2m 05s'],
  ])('formats %dms as %s', (milliseconds, text) => {
    expect(formatDuration(milliseconds)).toBe(text);
  });
});
