import { describe, expect, it } from 'vitest';
import { rankingPrior } from './prior.ts';

describe('rankingPrior', () => {
  it('is zero when the sources state nothing', () => {
    expect(
      rankingPrior({ sources: ['hepml'], validated: false, publications: 0, publicationSources: [], devices: 0 }),
    ).toEqual({
      score: 0,
      components: [],
    });
  });

  it('adds each stated fact with its source and date', () => {
    const prior = rankingPrior({
      stars: { value: 999, asOf: '2026-08-20', source: 'best-of-atomistic-ml' },
      sources: ['best-of-atomistic-ml', 'biotools', 'biotools'],
      validated: true,
      publications: 3,
      publicationSources: ['biotools'],
      devices: 0,
    });
    expect(prior.components).toEqual([
      { fact: 'github_stars', value: 999, contribution: 3, sources: ['best-of-atomistic-ml'], as_of: '2026-08-20' },
      { fact: 'independent_sources', value: 2, contribution: 1, sources: ['best-of-atomistic-ml', 'biotools'] },
      { fact: 'biotools_validated', value: 1, contribution: 0.5, sources: ['biotools'] },
      { fact: 'publications', value: 3, contribution: 1, sources: ['biotools'] },
    ]);
    expect(prior.score).toBe(5.5);
  });

  it('counts cleared devices for companies', () => {
    const prior = rankingPrior({
      sources: ['fda-aiml-devices'],
      validated: false,
      publications: 0,
      publicationSources: [],
      devices: 7,
    });
    expect(prior.score).toBe(1.5);
  });
});
