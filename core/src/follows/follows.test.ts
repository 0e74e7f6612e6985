import { describe, expect, it } from 'vitest';
import { defaultFilters } from '../filters/filter-state.ts';
import { canonicalSearchQuery, suggestedSearchLabel } from './follows.ts';

describe('saved searches', () => {
  it('writes one query for addresses that show the same results', () => {
    const a = canonicalSearchQuery('domain=genomics&domain=biology&search=protein%20folding&view=list', 2026);
    const b = canonicalSearchQuery('?search=+protein+folding+&domain=BIOLOGY,genomics&year_to=2026', 2026);
    expect(a).toBe('search=protein%20folding&domain=biology&domain=genomics');
    expect(b).toBe(a);
    expect(canonicalSearchQuery('type=paper&type=software&sort=recent&bogus=1', 2026)).toBe(
      'type=paper&type=software&sort=recent',
    );
  });

  it('is empty for an address that chooses nothing, and never longer than the codec allows', () => {
    expect(canonicalSearchQuery('view=list&page=3', 2026)).toBe('');
    const deep = canonicalSearchQuery(`search=${'x'.repeat(10_000)}&${'operation=a&'.repeat(500)}`, 2026);
    expect(deep).toBe(`search=${'x'.repeat(200)}&operation=a`);
  });

  it('offers a name from the types, text and filters', () => {
    const filters = {
      ...defaultFilters(2026),
      search: 'cryo-em',
      domains: ['biology'],
      contentTypes: ['software' as const],
    };
    expect(suggestedSearchLabel(filters, 2026, () => 'Biology')).toBe('Software, cryo-em, Biology');
    expect(suggestedSearchLabel({ ...filters, search: 'y'.repeat(300) }, 2026, () => 'B')).toHaveLength(200);
  });
});
