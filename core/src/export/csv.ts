import Papa from 'papaparse';
import { itemPath } from '../item-paths.ts';
import { exportYear, type ExportItem } from './export-item.ts';

export const CSV_COLUMNS = [
  'title',
  'type',
  'organization',
  'year',
  'url',
  'page',
  'doi',
  'journal',
  'authors',
  'domains',
  'tags',
  'description',
  'saved_at',
] as const;

/**
 * Spreadsheets run a cell that begins with =, +, -, @, tab or carriage return as a formula
 * (CSV injection, OWASP): such cells get a leading apostrophe, which shows the text as written.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The library as CSV (RFC 4180, header row, lists joined with '; '). */
export function toCsv(items: ReadonlyArray<ExportItem>): string {
  const rows = items.map((item) => {
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      title: item.title,
      type: item.content_type,
      organization: item.organization?.name ?? '',
      year: String(exportYear(item) ?? ''),
      url: item.url ?? '',
      page: itemPath(item.content_type, item.slug),
      doi: item.doi ?? '',
      journal: item.journal_name ?? '',
      authors: [...item.authors, ...(item.authors_complete === false ? ['et al.'] : [])].join('; '),
      domains: item.domains.join('; '),
      tags: item.tags.join('; '),
      description: item.short_description || item.description || '',
      saved_at: item.saved_at,
    };
    return CSV_COLUMNS.map((column) => neutraliseCell(cells[column]));
  });
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\r\n', quotes: true });
}
