import type { DatedFact } from './record.ts';
import type { SourceId } from './sources.ts';

/**
 * The ranking prior: what the sources say about an item's standing, until real use exists.
 *
 *   prior = log10(1 + stars) + (independent sources − 1) + 0.5 · validated
 *         + 0.5 · log2(1 + publications) + 0.5 · log2(1 + cleared devices)
 *
 * Each term keeps the fact it came from (its source and date); an absent fact adds nothing.
 */
export interface PriorComponent {
  fact: 'github_stars' | 'independent_sources' | 'biotools_validated' | 'publications' | 'fda_cleared_devices';
  value: number;
  contribution: number;
  sources: SourceId[];
  as_of?: string;
}

export interface PriorInput {
  stars?: DatedFact;
  sources: readonly SourceId[];
  validated: boolean;
  publications: number;
  publicationSources: readonly SourceId[];
  devices: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function rankingPrior(input: PriorInput): { score: number; components: PriorComponent[] } {
  const components: PriorComponent[] = [];
  if (input.stars !== undefined) {
    components.push({
      fact: 'github_stars',
      value: input.stars.value,
      contribution: round(Math.log10(1 + input.stars.value)),
      sources: [input.stars.source],
      as_of: input.stars.asOf,
    });
  }
  const distinct = [...new Set(input.sources)].sort();
  if (distinct.length > 1) {
    components.push({
      fact: 'independent_sources',
      value: distinct.length,
      contribution: distinct.length - 1,
      sources: distinct,
    });
  }
  if (input.validated)
    components.push({ fact: 'biotools_validated', value: 1, contribution: 0.5, sources: ['biotools'] });
  if (input.publications > 0) {
    components.push({
      fact: 'publications',
      value: input.publications,
      contribution: round(0.5 * Math.log2(1 + input.publications)),
      sources: [...new Set(input.publicationSources)].sort(),
    });
  }
  if (input.devices > 0) {
    components.push({
      fact: 'fda_cleared_devices',
      value: input.devices,
      contribution: round(0.5 * Math.log2(1 + input.devices)),
      sources: ['fda-aiml-devices'],
    });
  }
  return { score: round(components.reduce((sum, component) => sum + component.contribution, 0)), components };
}
