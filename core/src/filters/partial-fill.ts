/**
 * docs/product.md#browse-search: the line before the items matching only some of the words.
 * Apart from search-result.ts's schema, which the browse page loads only with its first own search.
 */
export const PARTIAL_FILL_DIVIDER = 'Items matching some of your words';
