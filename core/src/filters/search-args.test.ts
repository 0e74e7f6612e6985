import { describe, expect, it } from 'vitest';
import { searchParamsToFilters } from './url-codec.ts';
import { searchItemsArgs } from './search-args.ts';

describe('searchItemsArgs', () => {
  it('asks for one page of a browse URL, leaving out the lower year bound when there is none', () => {
    const { filters } = searchParamsToFilters('?search=protein&type=software&sort=recent', 2026);
    const args = searchItemsArgs(filters, 2);
    expect(args).toEqual({
      search: 'protein',
      domains: [],
      content_types: ['software'],
      features: [],
      organization_sizes: [],
      year_to: 2026,
      sort_by: 'recent',
      page_offset: 40,
      page_size: 20,
    });
    expect('year_from' in args).toBe(false);
    expect('operations' in args || 'input_data' in args).toBe(false);
  });

  it('sends the chosen operations and input data as the sources write them', () => {
    const { filters } = searchParamsToFilters('?operation=Sequence%20alignment&input=Protein%20sequence%20(raw)', 2026);
    expect(searchItemsArgs(filters, 0)).toMatchObject({
      operations: ['Sequence alignment'],
      input_data: ['Protein sequence (raw)'],
    });
  });

  it('sends the search and the words searched within together, with a lower year bound when set', () => {
    const { filters } = searchParamsToFilters('?search=protein&within=folding&year_from=2015&year_to=2020', 2026);
    expect(searchItemsArgs(filters, 0)).toMatchObject({ search: 'protein folding', year_from: 2015, year_to: 2020 });
  });
});
