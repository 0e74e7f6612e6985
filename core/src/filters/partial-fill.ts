import { msg } from '../i18n/translate.ts';

/**
 * docs/product.md#browse-search: the line before the items matching only some of the words (a
 * message, shown with `t`). Apart from search-result.ts's schema, which the browse page loads only
 * with its first own search.
 */
export const PARTIAL_FILL_DIVIDER = msg('Items matching some of your words');
