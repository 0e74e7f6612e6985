import { describe, expect, it } from 'vitest';
import { asOfLabel, typedYearLabel } from './fact-labels.ts';

describe('fact labels (docs/product.md#facts)', () => {
  it('says what a year means', () => {
    expect(typedYearLabel('software', '2021-07')).toBe('Released 2021');
    expect(typedYearLabel('agent', '2023')).toBe('Released 2023');
    expect(typedYearLabel('paper', '2021-07-15')).toBe('Published 2021');
    expect(typedYearLabel('company', 2019)).toBe('Founded 2019');
    expect(typedYearLabel('company', null)).toBeUndefined();
  });
  it('dates a fact by month', () => {
    expect(asOfLabel('2025-03-13')).toBe('as of Mar 2025');
    expect(asOfLabel('2025-12')).toBe('as of Dec 2025');
    expect(asOfLabel('2025-13-01')).toBeUndefined();
    expect(asOfLabel(null)).toBeUndefined();
  });
});
