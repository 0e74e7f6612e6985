import { describe, expect, it } from 'vitest';
import { defaultFilters, isFilterActive, type FilterState } from './filter-state.ts';
import {
  browseHref,
  browseUrl,
  filtersToQueryString,
  filtersToSearchParams,
  navSearchHref,
  normalizeDomain,
  searchParamsToFilters,
} from './url-codec.ts';

const YEAR = 2026;

describe('the browse URL codec', () => {
  it('leaves the reset state out of the URL', () => {
    expect(filtersToSearchParams(defaultFilters(YEAR), 'grid', YEAR).toString()).toBe('');
    expect(browseUrl(defaultFilters(YEAR), 'grid', YEAR)).toBe('/browse');
    expect(searchParamsToFilters('', YEAR)).toEqual({ filters: defaultFilters(YEAR), view: 'grid' });
  });

  it('keeps the rating sort and Rated 4★ and up, and drops look-alikes', () => {
    const { filters } = searchParamsToFilters('sort=highest_rated&feature=rated_4_up&feature=rated_5_up', YEAR);
    expect(filters.sortBy).toBe('highest_rated');
    expect(filters.features).toEqual(['rated_4_up']);
    expect(filtersToQueryString(filters, 'grid', YEAR)).toBe('feature=rated_4_up&sort=highest_rated');
    expect(searchParamsToFilters('sort=highest%20rated', YEAR).filters.sortBy).toBe('relevance');
  });

  it('round-trips every chosen filter, so any view can be shared', () => {
    const state: FilterState = {
      search: 'protein folding',
      within: 'open source',
      domains: ['biology', 'drug_discovery'],
      contentTypes: ['software', 'paper'],
      features: ['open_source', 'verified'],
      health: ['maintained', 'links_ok'],
      organizationSizes: ['startup', 'enterprise'],
      operations: ['Protein structure prediction', 'Sequence alignment'],
      inputData: ['Protein sequence (raw)'],
      yearRange: [2015, 2024],
      sortBy: 'most_saved',
    };
    const params = filtersToSearchParams(state, 'list', YEAR);
    expect(params.getAll('domain')).toEqual(['biology', 'drug_discovery']);
    expect(searchParamsToFilters(params.toString(), YEAR)).toEqual({ filters: state, view: 'list' });
    expect(searchParamsToFilters(filtersToQueryString(state, 'list', YEAR), YEAR)).toEqual({
      filters: state,
      view: 'list',
    });
  });

  it('keeps EDAM terms as written, one a parameter, and drops blank, too long or too many of them', () => {
    const long = 'x'.repeat(201);
    const many = Array.from({ length: 30 }, (_, n) => `operation=Op%20${n}`).join('&');
    const { filters } = searchParamsToFilters(
      `operation=Gene%20expression%20profiling,%20single%20cell&operation=%20%20Sequence%20%20alignment&operation=&operation=${long}&input=Sequence&input=Sequence&${many}`,
      YEAR,
    );
    expect(filters.operations.slice(0, 2)).toEqual(['Gene expression profiling, single cell', 'Sequence alignment']);
    expect(filters.operations).toHaveLength(20);
    expect(filters.inputData).toEqual(['Sequence']);
    expect(searchParamsToFilters('operation=%00&operation=Image%00analysis%0A', YEAR).filters.operations).toEqual([
      'Image analysis',
    ]);
    expect(isFilterActive({ ...defaultFilters(YEAR), inputData: ['Image'] })).toBe(true);
    expect(filtersToQueryString({ ...defaultFilters(YEAR), operations: ['Image analysis'] }, 'grid', YEAR)).toBe(
      'operation=Image%20analysis',
    );
  });

  it('writes spaces as %20 and escapes what must be escaped', () => {
    const state = { ...defaultFilters(YEAR), search: 'CRISPR & base+editing' };
    expect(filtersToQueryString(state, 'grid', YEAR)).toBe('search=CRISPR%20%26%20base%2Bediting');
    expect(searchParamsToFilters(filtersToQueryString(state, 'grid', YEAR), YEAR).filters.search).toBe(
      'CRISPR & base+editing',
    );
  });

  it("reads the landing cards' lowercased names, commas, and ids; drops what it does not know", () => {
    const { filters } = searchParamsToFilters(
      'domain=Drug%20Discovery&domain=genomics,imaging&domain=drug_discovery&type=all&type=agent&feature=bogus&sort=nope&year_from=2030&year_to=2010',
      YEAR,
    );
    expect(filters.domains).toEqual(['drug_discovery', 'genomics', 'imaging']);
    expect(filters.contentTypes).toEqual(['agent']);
    expect(filters.features).toEqual([]);
    expect(filters.sortBy).toBe('relevance');
    expect(
      searchParamsToFilters('health=Maintained,bogus&health=links_ok&sort=most_cited', YEAR).filters,
    ).toMatchObject({
      health: ['maintained', 'links_ok'],
      sortBy: 'most_cited',
    });
    expect(filters.yearRange).toEqual([2010, 2030]);
    expect(normalizeDomain('0E2F4C1A-1B2C-4D5E-8F90-123456789ABC')).toBe('0e2f4c1a-1b2c-4d5e-8f90-123456789abc');
    expect(normalizeDomain('AI/ML')).toBe('ai_ml');
  });

  it('trims search text and cuts it to what the search accepts', () => {
    const { filters } = searchParamsToFilters(`search=${'a'.repeat(250)}&within=%20%20`, YEAR);
    expect(filters.search).toHaveLength(200);
    expect(filters.within).toBe('');
    expect(searchParamsToFilters('search=%20%20x%20', YEAR).filters.search).toBe('x');
    // control characters are spaces: NUL cannot even reach the database
    expect(searchParamsToFilters('search=%00a%01%1fb%7f&within=%00', YEAR).filters).toMatchObject({
      search: 'a b',
      within: '',
    });
  });

  it('counts filters as active per docs/product.md#browse-active', () => {
    const reset = defaultFilters(YEAR);
    expect(isFilterActive(reset)).toBe(false);
    expect(isFilterActive({ ...reset, contentTypes: ['paper'] })).toBe(false);
    expect(isFilterActive({ ...reset, search: 'x' })).toBe(true);
    expect(isFilterActive({ ...reset, within: 'x' })).toBe(true);
    expect(isFilterActive({ ...reset, sortBy: 'recent' })).toBe(true);
    expect(isFilterActive({ ...reset, organizationSizes: ['small'] })).toBe(true);
    expect(isFilterActive({ ...reset, health: ['links_ok'] })).toBe(true);
  });
});

describe('links to browse from other pages', () => {
  it('builds /browse URLs for a search, a domain and a type', () => {
    expect(browseHref()).toBe('/browse');
    expect(browseHref({ search: '   ', type: 'all' })).toBe('/browse');
    expect(browseHref({ search: '  single cell ' })).toBe('/browse?search=single%20cell');
    expect(browseHref({ domain: 'Drug Discovery', type: 'software' })).toBe(
      '/browse?domain=drug_discovery&type=software',
    );
    const parsed = searchParamsToFilters(
      browseHref({ search: 'x', domain: 'biology', type: 'paper' }).split('?')[1]!,
      YEAR,
    );
    expect(parsed.filters).toMatchObject({ search: 'x', domains: ['biology'], contentTypes: ['paper'] });
  });

  it('ignores a blank nav search', () => {
    expect(navSearchHref(' \t ')).toBeUndefined();
    expect(navSearchHref(' protein structure ')).toBe('/browse?search=protein%20structure');
  });
});
