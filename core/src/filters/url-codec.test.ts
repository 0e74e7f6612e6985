import { describe, expect, it } from 'vitest';
import { defaultFilters, isFilterActive, type FilterState } from './filter-state.ts';
import { filtersToSearchParams, searchParamsToFilters } from './url-codec.ts';

const YEAR = 2026;

describe('the browse URL codec', () => {
  it('leaves the reset state out of the URL', () => {
    expect(filtersToSearchParams(defaultFilters(YEAR), 'grid', YEAR).toString()).toBe('');
    expect(searchParamsToFilters('', YEAR)).toEqual({ filters: defaultFilters(YEAR), view: 'grid' });
  });

  it('round-trips every chosen filter, so any view can be shared', () => {
    const state: FilterState = {
      search: 'protein folding',
      domains: ['biology', 'drug_discovery'],
      contentTypes: ['software', 'paper'],
      features: ['open_source', 'verified'],
      organizationSizes: ['startup', 'enterprise'],
      yearRange: [2015, 2024],
      sortBy: 'most_saved',
    };
    const params = filtersToSearchParams(state, 'list', YEAR);
    expect(params.getAll('domain')).toEqual(['biology', 'drug_discovery']);
    expect(searchParamsToFilters(params.toString(), YEAR)).toEqual({ filters: state, view: 'list' });
  });

  it('reads the landing cards\' lowercased names, commas, and ids; drops what it does not know', () => {
    const { filters } = searchParamsToFilters(
      'domain=Drug%20Discovery&domain=genomics,imaging&type=all&type=agent&feature=bogus&sort=nope&year_from=2030&year_to=2010',
      YEAR,
    );
    expect(filters.domains).toEqual(['drug_discovery', 'genomics', 'imaging']);
    expect(filters.contentTypes).toEqual(['agent']);
    expect(filters.features).toEqual([]);
    expect(filters.sortBy).toBe('relevance');
    expect(filters.yearRange).toEqual([2010, 2030]);
  });

  it('counts filters as active per spec 4', () => {
    const reset = defaultFilters(YEAR);
    expect(isFilterActive(reset)).toBe(false);
    expect(isFilterActive({ ...reset, contentTypes: ['paper'] })).toBe(false);
    expect(isFilterActive({ ...reset, search: 'x' })).toBe(true);
    expect(isFilterActive({ ...reset, sortBy: 'recent' })).toBe(true);
    expect(isFilterActive({ ...reset, organizationSizes: ['small'] })).toBe(true);
  });
});
