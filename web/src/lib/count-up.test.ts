import { describe, expect, it } from 'vitest';
import { countAt, easeOutCubic } from './count-up.ts';

describe('easeOutCubic', () => {
  it('runs from 0 to 1 and stays there', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(-0.5)).toBe(0);
    expect(easeOutCubic(3)).toBe(1);
  });

  it('never goes backwards', () => {
    let last = 0;
    for (let step = 0; step <= 100; step += 1) {
      const value = easeOutCubic(step / 100);
      expect(value).toBeGreaterThanOrEqual(last);
      last = value;
    }
  });

  it('covers most of the way in the first half', () => {
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
  });
});

describe('countAt', () => {
  it('starts at 0 and ends exactly on the target', () => {
    expect(countAt(0, 82, 2500)).toBe(0);
    expect(countAt(2500, 82, 2500)).toBe(82);
    expect(countAt(9000, 82, 2500)).toBe(82);
  });

  it('shows whole numbers on the way', () => {
    const middle = countAt(1250, 82, 2500);
    expect(Number.isInteger(middle)).toBe(true);
    expect(middle).toBe(72);
  });

  it('jumps to the target when there is no duration', () => {
    expect(countAt(0, 82, 0)).toBe(82);
  });
});
