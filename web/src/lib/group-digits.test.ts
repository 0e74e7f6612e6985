import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits.ts';

describe('groupDigits', () => {
  it('writes what toLocaleString("en") writes', () => {
    const values = [
      0,
      7,
      42,
      999,
      1000,
      1001,
      12_345,
      999_999,
      1_000_000,
      1_234_567,
      9_007_199_254_740_991,
      -1,
      -1234,
      -1_000_000,
      1.5,
      1234.5678,
      Number.NaN,
      Infinity,
    ];
    for (const value of values) expect(groupDigits(value), String(value)).toBe(value.toLocaleString('en'));
  });

  it('groups whole numbers by thousands', () => {
    expect(groupDigits(1_234_567)).toBe('1,234,567');
    expect(groupDigits(-1234)).toBe('-1,234');
    expect(groupDigits(999)).toBe('999');
  });
});
