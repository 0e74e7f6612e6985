import { CsvChunkReader, type CsvRow } from './csv-chunks.ts';
import { CsvFileError, invalidCsvFile } from './csv-file-error.ts';
import { fileTooLarge, processCsvFailed } from './messages.ts';

export { CsvFileError } from './csv-file-error.ts';
export type { CsvRow } from './csv-chunks.ts';

/** What the browser and the CLI know about a file before reading it. */
export interface CsvFileInfo {
  name: string;
  /** MIME type as the browser reports it ('' when unknown, as for the CLI). */
  type: string;
  size: number;
}

export interface CsvLimits {
  maxBytes: number;
  maxRows: number;
}

/** docs/product.md#csv-file: what a browser tab can parse comfortably. The CLI passes its own, higher limits. */
export const BROWSER_CSV_LIMITS: CsvLimits = { maxBytes: 20 * 1_048_576, maxRows: 100_000 };

/** docs/product.md#csv-file: a CSV by MIME type text/csv or by a name ending .csv; and within the size limit. */
export function checkCsvFile(file: CsvFileInfo, limits: CsvLimits = BROWSER_CSV_LIMITS): void {
  const looksCsv = file.type.toLowerCase() === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
  if (!looksCsv) throw invalidCsvFile();
  if (file.size > limits.maxBytes) throw new CsvFileError('Processing Error', fileTooLarge(limits.maxBytes));
}

/**
 * Bytes to text. Content that is not UTF-8 text (or holds NUL bytes, as binary files do) is not
 * a CSV whatever its name says. TextDecoder drops a UTF-8 BOM.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidCsvFile();
  }
  if (text.includes('\u0000')) throw invalidCsvFile();
  return text;
}

export interface ParsedCsv {
  /** Header names, trimmed and lower-cased. */
  headers: string[];
  rows: CsvRow[];
  /** Rows skipped whole (wrong column count, broken quoting), with their row numbers. */
  processingErrors: string[];
}

export interface ParseCsvOptions {
  maxRows?: number;
  /** Stop after this many data rows (a preview); the rest of the file is not read. */
  firstRows?: number;
}

/** A whole text parsed at once (csv-chunks.ts reads one that arrives in pieces, by the same rules). */
export function parseCsvText(input: string, options: ParseCsvOptions = {}): ParsedCsv {
  const rows: CsvRow[] = [];
  const processingErrors: string[] = [];
  const reader = new CsvChunkReader({
    maxRows: options.maxRows ?? BROWSER_CSV_LIMITS.maxRows,
    firstRows: options.firstRows,
    onRow: (row) => rows.push(row),
    onMalformedRow: (message) => processingErrors.push(message),
  });
  reader.push(input);
  reader.finish();
  return { headers: reader.headerNames ?? [], rows, processingErrors };
}

/** The message for an unexpected failure while processing (docs/product.md#csv-file). */
export function describeProcessingFailure(error: unknown): string {
  if (error instanceof CsvFileError) return error.message;
  return processCsvFailed(error instanceof Error ? error.message : String(error));
}
