import type { LibraryItem } from '../library/library-item.ts';

/** What the exports read of a saved item. */
export type ExportItem = Pick<
  LibraryItem,
  | 'slug'
  | 'title'
  | 'content_type'
  | 'url'
  | 'short_description'
  | 'description'
  | 'organization'
  | 'year'
  | 'domains'
  | 'tags'
  | 'doi'
  | 'journal_name'
  | 'authors'
  | 'authors_complete'
  | 'github_url'
  | 'publication_date'
  | 'saved_at'
>;

/** The publication year: the paper's date, else the item's year; null when unknown. */
export function exportYear(item: Pick<ExportItem, 'year' | 'publication_date'>): number | null {
  const fromDate = item.publication_date ? Number.parseInt(item.publication_date.slice(0, 4), 10) : Number.NaN;
  return Number.isInteger(fromDate) ? fromDate : item.year;
}

/** Text on one line: exports are line-based (RIS) or read best without stray breaks. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
