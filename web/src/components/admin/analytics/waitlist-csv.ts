import type { WaitlistRow } from '../../../data/admin-analytics.ts';

const COLUMNS = ['email', 'first_name', 'last_name', 'referral_source', 'additional_info', 'created_at'] as const;

/**
 * A cell as spreadsheet software reads it safely: text starting with =, +, -, @, tab or CR
 * would be run as a formula (CSV injection), so it gets a leading apostrophe; then RFC 4180
 * quoting for commas, quotes and line breaks.
 */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function waitlistCsv(rows: WaitlistRow[]): string {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => csvCell(row[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
