/**
 * The search bench's request bodies: 10 search terms, each with 4 pairs of filters. Broad words
 * ("neural" matches 28 % of the synthetic catalog, "genome" and "drug" 15 %) are its tail.
 */
const TERMS = [
  'protein',
  'protein structure',
  'molecule',
  'climate',
  'microscopy',
  'genome',
  'drug',
  'neural',
  'catalyst',
  'single cell',
];
const FILTER_PAIRS = [
  { content_types: ['software'], features: ['open_source'] },
  { domains: ['biology'], organization_sizes: ['startup', 'small'] },
  { content_types: ['paper'], domains: ['chemistry'] },
  { features: ['verified'], domains: ['medicine'] },
];

export const SEARCH_BODIES: Array<Record<string, unknown>> = TERMS.flatMap((search) =>
  FILTER_PAIRS.map((filters) => ({ search, ...filters })),
);
