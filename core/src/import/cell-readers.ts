import { tryParseJson } from './list-like.ts';
import { t } from '../i18n/translate.ts';

/** Readers for single cells (docs/product.md#csv-rows). Each returns the value or an error message. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** docs/product.md#csv-rows: true only for the text 'true' in any letter case. */
export function readBoolean(cell: string): boolean {
  return cell.trim().toLowerCase() === 'true';
}

/** A whole number ≥ 0; an empty cell is 0. */
export function readCount(cell: string, column: string): CellResult<number> {
  const value = cell.trim();
  if (value === '') return { ok: true, value: 0 };
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) > 2_147_483_647) {
    return { ok: false, error: t('{column} must be a whole number of 0 or more', { column }) };
  }
  return { ok: true, value: Number(value) };
}

/** A real calendar date written YYYY-MM-DD; an empty cell is no date. */
export function readDate(cell: string, error: string): CellResult<string | null> {
  const value = cell.trim();
  if (value === '') return { ok: true, value: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { ok: false, error };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1 ? { ok: true, value } : { ok: false, error };
}

/** docs/product.md#csv-rows: traction_metrics must be a JSON object; empty is {}. */
export function readJsonObject(cell: string, column: string): CellResult<Record<string, unknown>> {
  const value = cell.trim();
  if (value === '') return { ok: true, value: {} };
  const parsed = tryParseJson(value);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)) {
    return { ok: true, value: Object.fromEntries(Object.entries(parsed.value)) };
  }
  return { ok: false, error: t("{column} must be a JSON object, e.g. '{'\"customers\": 40'}'", { column }) };
}

/** The database accepts only http(s) links; an empty cell is no link. */
export function readUrl(cell: string, column: string): CellResult<string | null> {
  const value = cell.trim();
  if (value === '') return { ok: true, value: null };
  return /^https?:\/\/\S+$/i.test(value)
    ? { ok: true, value }
    : { ok: false, error: t('{column} must be a link starting with http:// or https://', { column }) };
}

/** A DOI as 10.NNNN/suffix; a doi.org link or a 'doi:' prefix is accepted and removed. */
export function readDoi(cell: string): CellResult<string | null> {
  const value = cell.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  if (value === '') return { ok: true, value: null };
  return /^10\.\d{4,9}\/\S+$/.test(value) ? { ok: true, value } : { ok: false, error: t('Invalid DOI format') };
}

export function checkLength(value: string | null, max: number, column: string): string | undefined {
  return value !== null && value.length > max
    ? t('{column} must be at most {max} characters', { column, max })
    : undefined;
}

export function textOrNull(cell: string | undefined): string | null {
  const value = (cell ?? '').trim();
  return value === '' ? null : value;
}
