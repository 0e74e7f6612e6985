import { describe, expect, it } from 'vitest';
import { defaultFilters, searchText, yearBounds, type FilterState } from './filter-state.ts';
import {
  activeFilterLabel,
  activeFilters,
  clearFilters,
  organizationSizeFilterLabel,
  partialFillText,
  resultRangeText,
  toggleValue,
  withoutFilter,
  yearRangeText,
} from './active-filters.ts';

const YEAR = 2026;
const state: FilterState = {
  ...defaultFilters(YEAR),
  search: 'protein',
  within: 'fold',
  domains: ['biology', 'genomics'],
  contentTypes: ['paper'],
  features: ['verified'],
  organizationSizes: ['startup'],
  yearRange: [2015, 2020],
  sortBy: 'most_saved',
};

describe('active filter chips', () => {
  it('lists one chip per chosen filter, none for the tab or the reset state', () => {
    expect(activeFilters(defaultFilters(YEAR), YEAR)).toEqual([]);
    expect(activeFilters({ ...defaultFilters(YEAR), contentTypes: ['paper'] }, YEAR)).toEqual([]);
    const chips = activeFilters(state, YEAR);
    const names: Record<string, string> = { biology: 'Biology', genomics: 'Genomics' };
    expect(chips.map((chip) => activeFilterLabel(chip, (slug) => names[slug] ?? slug))).toEqual([
      'Search: protein',
      'Within results: fold',
      'Biology',
      'Genomics',
      'SciAI Verified',
      'Startup (1-10)',
      'Year: 2015–2020',
      'Sort: Most Saved',
    ]);
  });

  it('removes exactly the chip asked for', () => {
    const chips = activeFilters(state, YEAR);
    const without = (index: number) => withoutFilter(state, chips[index]!, YEAR);
    expect(without(0).search).toBe('');
    expect(without(1).within).toBe('');
    expect(without(2).domains).toEqual(['genomics']);
    expect(without(4).features).toEqual([]);
    expect(without(5).organizationSizes).toEqual([]);
    expect(without(6).yearRange).toEqual([2000, YEAR]);
    expect(without(7).sortBy).toBe('relevance');
    expect(without(7).domains).toEqual(state.domains);
  });

  it('has a chip for each operation and input data term, removing only its own', () => {
    const chosen = { ...defaultFilters(YEAR), operations: ['Sequence alignment'], inputData: ['Image', 'Sequence'] };
    const chips = activeFilters(chosen, YEAR);
    expect(chips.map((chip) => activeFilterLabel(chip, (slug) => slug))).toEqual([
      'Operation: Sequence alignment',
      'Input data: Image',
      'Input data: Sequence',
    ]);
    expect(withoutFilter(chosen, chips[1]!, YEAR)).toMatchObject({
      operations: ['Sequence alignment'],
      inputData: ['Sequence'],
    });
    expect(withoutFilter(chosen, chips[0]!, YEAR).operations).toEqual([]);
    expect(clearFilters(chosen, YEAR)).toEqual(defaultFilters(YEAR));
  });

  it('clears everything but the content-type tab', () => {
    expect(clearFilters(state, YEAR)).toEqual({ ...defaultFilters(YEAR), contentTypes: ['paper'] });
  });
});

describe('filter helpers', () => {
  it('toggles list values', () => {
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
  });

  it('labels organization sizes with their headcounts', () => {
    expect(organizationSizeFilterLabel('startup')).toBe('Startup (1-10)');
    expect(organizationSizeFilterLabel('enterprise')).toBe('Enterprise (1000+)');
  });

  it('describes year ranges, the lower end being open', () => {
    expect(yearRangeText([2000, YEAR], YEAR)).toBe('Any year');
    expect(yearRangeText([2000, 2020], YEAR)).toBe('Up to 2020');
    expect(yearRangeText([2015, YEAR], YEAR)).toBe('2015 or later');
    expect(yearRangeText([2015, 2015], YEAR)).toBe('2015');
    expect(yearBounds({ yearRange: [2000, 2020] })).toEqual({ from: null, to: 2020 });
    expect(yearBounds({ yearRange: [2001, 2020] })).toEqual({ from: 2001, to: 2020 });
  });

  it('sends the query and the within-results words as one search, within the length limit', () => {
    expect(searchText({ search: ' protein ', within: '' })).toBe('protein');
    expect(searchText({ search: 'protein', within: ' folding ' })).toBe('protein folding');
    expect(searchText({ search: 'a'.repeat(150), within: 'b'.repeat(150) })).toHaveLength(200);
  });

  it('reads how many match all the words and how many some of them', () => {
    expect(partialFillText(3, 17)).toBe('3 items match all your words, then 17 match some of them');
    expect(partialFillText(1, 1)).toBe('1 item matches all your words, then 1 matches some of them');
  });

  it('reads "Showing 1-N of count"', () => {
    expect(resultRangeText(20, 134)).toBe('Showing 1-20 of 134');
    expect(resultRangeText(20, 7)).toBe('Showing 1-7 of 7');
    expect(resultRangeText(40, 134)).toBe('Showing 1-40 of 134');
  });
});
