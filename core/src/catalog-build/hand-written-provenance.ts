import type { CatalogItem } from '../catalog/catalog-item.ts';
import type { BuiltItem } from './built-item.ts';
import { namedPapersOf, provenanceOf, type ItemProvenance, type LoadableItem } from './loadable-item.ts';

/** What the editors' selection adds to an item's prior (docs/product.md#ranking-prior). */
export const EDITORS_SELECTION_PRIOR = 2;

/** The prior of an item the editors selected: the best of its sources' priors, and the selection. */
function editorsPrior(fromSources: BuiltItem['prior'] | undefined): { trending_score: number; metadata: object } {
  const components = [
    ...(fromSources?.components ?? []),
    { fact: 'editors_selection', value: 1, contribution: EDITORS_SELECTION_PRIOR, sources: ['sciai'] },
  ];
  const score = (fromSources?.score ?? 0) + EDITORS_SELECTION_PRIOR;
  return { trending_score: score, metadata: { prior: { score, components } } };
}

/** The papers several built items name, each identifier and source once. */
function mergedNamedPapers(built: readonly BuiltItem[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const named of built.map(namedPapersOf)) {
    for (const [key, values] of Object.entries(named)) merged[key] = [...new Set([...(merged[key] ?? []), ...values])];
  }
  return merged;
}

/**
 * The facts its sources state about a thing, beyond its own columns (docs/product.md#sources):
 * what a tool does and reads, its kind, packages and latest release, a company's FDA decisions.
 * A hand-written item keeps its own words and licence, and gains these from the records behind it.
 */
const SOURCE_FACT_KEYS = [
  'edam_operations',
  'edam_inputs',
  'edam_outputs',
  'tool_types',
  'pypi_id',
  'conda_id',
  'latest_release',
  'validated_by_biotools',
  'fda_cleared_devices',
] as const;

/** Each fact from the first record stating it (records in the merge's order). */
function sourceFacts(all: readonly ItemProvenance[]): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const key of SOURCE_FACT_KEYS) {
    const stated = all.find((provenance) => provenance.metadata[key] !== undefined);
    if (stated) facts[key] = stated.metadata[key];
  }
  return facts;
}

/** A hand-written item with what the sources say of the same thing (the first of them first). */
export function withProvenance(item: CatalogItem, built: readonly BuiltItem[]): LoadableItem {
  if (built.length === 0) return { ...item, ...editorsPrior(undefined) };
  const all = built.map(provenanceOf);
  const identifiers = new Map(all.flatMap((p) => p.identifiers).map((id) => [`${id.scheme}:${id.value}`, id]));
  const signals = all.flatMap((p) => p.signals).slice(0, 1);
  const prior = editorsPrior(built.map((b) => b.prior).sort((a, b) => b.score - a.score)[0]);
  const loadable: LoadableItem = {
    ...item,
    sources: all.flatMap((p) => p.sources),
    identifiers: [...identifiers.values()],
    signals,
    ...prior,
    // the facts and the papers to cite its sources state are the item's, whoever wrote its text
    metadata: { ...sourceFacts(all), ...prior.metadata, ...mergedNamedPapers(built) },
  };
  if (item.content_type === 'software' && signals.length > 0) {
    loadable.software = { ...item.software, github_stars: signals[0]!.value_num };
  }
  return loadable;
}
