import { describe, expect, it } from 'vitest';
import { facetValues } from './facet-values.ts';

describe('a long facet’s values', () => {
  it('lists the chosen values first, then the values with results, most first, ties by name', () => {
    const counts = { Image: 3, Sequence: 9, Matrix: 3, 'Protein sequence': 0, Plot: 1 };
    expect(facetValues(counts, [])).toEqual(['Sequence', 'Image', 'Matrix', 'Plot']);
    // a chosen value without results stays listed, so that it can be unticked
    expect(facetValues(counts, ['Protein sequence', 'Matrix'])).toEqual([
      'Protein sequence',
      'Matrix',
      'Sequence',
      'Image',
      'Plot',
    ]);
  });
});
