/**
 * The key an imported row is matched by against the catalog and the file's earlier rows
 * (docs/product.md#csv-rows): a paper by its DOI; a company or an agent by its name; a
 * software tool by its name and its link together, because tools share names (two MAMLs) and
 * repositories (a model family in one repository) without being the same tool. A link is
 * compared without its scheme, `www.`, letter case and trailing slashes, as the contribution
 * duplicates are. public.import_duplicate_key (supabase/schemas/09_import.sql) is the same rule.
 */
export function softwareDuplicateKey(name: string, url: string | null): string {
  return `${name.toLowerCase()}\n${linkKey(url)}`;
}

export function linkKey(url: string | null): string {
  if (url === null) return '';
  return url
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\/+$/, '');
}
