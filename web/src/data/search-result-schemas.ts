/**
 * The zod schemas of search_items()' answer and of one card, in a module of their own that
 * search-items.ts and quick-view-card.ts import dynamically: the browse page paints and answers
 * from the data embedded in its HTML, so zod loads with the first answer the app asks for itself
 * (docs/decisions/0048-catalog-reads-before-auth.md), not before the page is interactive.
 */
export { SearchCardSchema, SearchResultSchema } from '@sciai/core';
