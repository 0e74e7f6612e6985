/**
 * Builds the PostgREST `or=` filter for the browse search box. User text passes two parsers:
 *
 * 1. SQL ILIKE, where `%` and `_` are wildcards and `\` escapes them;
 * 2. PostgREST's logic-tree grammar, where `,` `(` `)` separate filters. A value wrapped in
 *    double quotes may hold any of them; inside the quotes `\` escapes the next character.
 *
 * So the text is escaped for ILIKE, wrapped in `%…%`, then escaped and quoted for PostgREST.
 * (PostgREST also reads `*` in a like pattern as `%`; a `*` typed by a user therefore acts as
 * a wildcard, which is harmless.)
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function quotePostgrestValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/** `column.ilike."%text%"` for each column, joined for supabase-js `.or()`. */
export function containsAnyFilter(columns: readonly string[], text: string): string {
  const pattern = quotePostgrestValue(`%${escapeLikePattern(text)}%`);
  return columns.map((column) => `${column}.ilike.${pattern}`).join(',');
}
