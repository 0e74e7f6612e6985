import { describe, expect, it } from 'vitest';
import { parseGoDuration } from './go-duration.ts';

describe('parseGoDuration', () => {
  it('reads the durations GoTrue takes for a ban', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5h')).toBe(5_400_000);
    expect(parseGoDuration('90s')).toBe(90_000);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('1500us')).toBe(1);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('-2m')).toBe(-120_000);
    expect(parseGoDuration('+.5s')).toBe(500);
    expect(parseGoDuration('876000h')).toBe(876_000 * 3_600_000);
  });

  it("refuses what Go refuses, in Go's words", () => {
    expect(() => parseGoDuration('')).toThrow('time: invalid duration ""');
    expect(() => parseGoDuration('abc')).toThrow('time: invalid duration "abc"');
    expect(() => parseGoDuration('10')).toThrow('time: missing unit in duration "10"');
    expect(() => parseGoDuration('3d')).toThrow('time: unknown unit "d" in duration "3d"');
    expect(() => parseGoDuration('.h')).toThrow('time: invalid duration ".h"');
    expect(() => parseGoDuration('1h 2m')).toThrow('time: unknown unit "h " in duration "1h 2m"');
  });

  it('refuses a length past what a Go duration holds (about 292 years)', () => {
    expect(parseGoDuration('2562047h')).toBe(2_562_047 * 3_600_000);
    expect(() => parseGoDuration('2562048h')).toThrow('time: invalid duration "2562048h"');
    expect(() => parseGoDuration(`${'9'.repeat(400)}h`)).toThrow('time: invalid duration');
  });
});
