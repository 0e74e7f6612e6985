/** How many values a long facet shows before 'Show N more' (docs/product.md#browse-filters). */
export const FACET_TOP_VALUES = 8;

/**
 * A long facet's values in the order the panel lists them: the chosen ones first (so they can be
 * unticked even when the other filters leave them no results), then every value with results,
 * the most results first, ties by name.
 */
export function facetValues(counts: Record<string, number>, selected: readonly string[]): string[] {
  const counted = Object.entries(counts)
    .filter(([value, count]) => count > 0 && !selected.includes(value))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([value]) => value);
  return [...selected, ...counted];
}
