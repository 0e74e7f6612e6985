import { describe, expect, it } from 'vitest';
import { describeHarvestQuery, harvestedFrom } from './harvest-queue.ts';

describe('the harvested part of the moderation queue', () => {
  it('names the source as people know it', () => {
    expect(harvestedFrom('openalex')).toBe('Harvested from OpenAlex');
    expect(harvestedFrom('biotools')).toBe('Harvested from bio.tools');
    expect(harvestedFrom('somewhere')).toBe('Harvested from somewhere');
    expect(harvestedFrom(null)).toBe('Harvested');
  });

  it('says what the run asked, as the command was given it', () => {
    expect(describeHarvestQuery({ since: '2025-01-01', search: 'protein structure' })).toBe(
      'search "protein structure", since "2025-01-01"',
    );
    expect(describeHarvestQuery({ repos: ['a/b', 'c/d'], perPage: 50, odd: { x: 1 } })).toBe(
      'repos a/b, c/d, per page 50',
    );
    expect(describeHarvestQuery(null)).toBe('');
  });
});
