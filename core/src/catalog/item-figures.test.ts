import { describe, expect, it } from 'vitest';
import { ItemFiguresSchema } from './item-figure-schemas.ts';
import { figureDate, figureLabel, figureSentence, figureSourceLine } from './item-figures.ts';

const stars = { value: 1234, source: 'github', as_of: '2026-08-20T10:15:00+00:00' };
const viaList = { ...stars, via: 'best-of-atomistic-machine-learning' };

describe('item figures', () => {
  it('dates a figure by its UTC day, as the adoption card does', () => {
    expect(figureDate('2026-08-20T10:15:00+00:00')).toBe('20 Aug 2026');
    expect(figureDate('2026-08-20T23:30:00-02:00')).toBe('21 Aug 2026');
    expect(figureDate('2026-01-05')).toBe('5 Jan 2026');
    expect(figureDate('not a date')).toBeUndefined();
  });

  it('says stars with their source and date, and the list they came through', () => {
    expect(figureSentence('github_stars', stars)).toBe('1.2K stars on GitHub, as of 20 Aug 2026');
    expect(figureSentence('github_stars', viaList)).toBe(
      '1.2K stars on GitHub, as of 20 Aug 2026, via best-of-atomistic-machine-learning',
    );
    expect(figureSentence('github_stars', { ...stars, value: 1 })).toBe('1 star on GitHub, as of 20 Aug 2026');
  });

  it('says citations with the index that counted them', () => {
    const cited = { value: 310, source: 'openalex', as_of: '2026-09-02T00:00:00Z' };
    expect(figureSentence('citations', cited)).toBe('310 citations on OpenAlex, as of 2 Sep 2026');
    expect(figureSentence('citations', { ...cited, value: 1, source: 'crossref' })).toBe(
      '1 citation on Crossref, as of 2 Sep 2026',
    );
    expect(figureLabel('citations', cited)).toBe('Citations on OpenAlex, as of 2 Sep 2026');
  });

  it('labels a compact figure for screen readers and tooltips', () => {
    expect(figureLabel('github_stars', viaList)).toBe(
      'GitHub stars, as of 20 Aug 2026, via best-of-atomistic-machine-learning',
    );
    expect(figureSourceLine(stars)).toBe('GitHub, as of 20 Aug 2026');
    expect(figureSourceLine({ ...stars, source: 'huggingface' })).toBe('Hugging Face, as of 20 Aug 2026');
  });

  it('reads the figures item_figures() answers, absent ones left out', () => {
    expect(ItemFiguresSchema.parse({ citations: { value: 3, source: 'crossref', as_of: '2026-09-02' } })).toEqual({
      citations: { value: 3, source: 'crossref', as_of: '2026-09-02' },
    });
    expect(ItemFiguresSchema.parse({})).toEqual({});
  });
});
