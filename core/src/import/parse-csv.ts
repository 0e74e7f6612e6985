import Papa from 'papaparse';
import { columnCountMismatch, fileTooLarge, IMPORT_MESSAGES, processCsvFailed, tooManyRows } from './messages.ts';

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

/** A failure of the whole file, with the toast title the upload page shows for it. */
export class CsvFileError extends Error {
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.name = 'CsvFileError';
    this.title = title;
  }
}

const invalidFileType = () => new CsvFileError(IMPORT_MESSAGES.invalidFileTitle, IMPORT_MESSAGES.invalidFileBody);

/** docs/product.md#csv-file: a CSV by MIME type text/csv or by a name ending .csv; and within the size limit. */
export function checkCsvFile(file: CsvFileInfo, limits: CsvLimits = BROWSER_CSV_LIMITS): void {
  const looksCsv = file.type.toLowerCase() === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
  if (!looksCsv) throw invalidFileType();
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
    throw invalidFileType();
  }
  if (text.includes('\u0000')) throw invalidFileType();
  return text;
}

export interface CsvRow {
  /** Position in the file as a spreadsheet numbers it: the header is row 1. */
  rowNumber: number;
  cells: Record<string, string>;
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
  /** Called every `progressEvery` rows and at the end with the number of data rows read. */
  onProgress?: (rowsRead: number) => void;
  progressEvery?: number;
  /**
   * Takes each well-formed data row as it is read; the rows are then not kept (ParsedCsv.rows is
   * empty), so a caller that turns them into something smaller never holds them all at once.
   */
  onRow?: (row: CsvRow) => void;
}

/**
 * RFC 4180 parsing (quoted commas, doubled quotes, newlines in quotes, CRLF or LF, BOM, trailing
 * blank lines) row by row, so progress is real and memory holds only the result.
 */
export function parseCsvText(input: string, options: ParseCsvOptions = {}): ParsedCsv {
  const maxRows = options.maxRows ?? BROWSER_CSV_LIMITS.maxRows;
  const every = options.progressEvery ?? 1_000;
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let headers: string[] | undefined;
  const rows: CsvRow[] = [];
  const processingErrors: string[] = [];
  let rowNumber = 0;
  let tooMany = false;

  Papa.parse<string[]>(text, {
    skipEmptyLines: true,
    // Papa counts the header as a row; 0 means no preview limit.
    preview: options.firstRows === undefined ? 0 : options.firstRows + 1,
    step: (result, parser) => {
      rowNumber += 1;
      const cells = result.data;
      if (!headers) {
        headers = cells.map((name) => name.trim().toLowerCase());
        return;
      }
      if (rowNumber - 1 > maxRows) {
        tooMany = true;
        parser.abort();
        return;
      }
      const broken = result.errors.find((error) => error.type === 'Quotes');
      if (broken) {
        processingErrors.push(`Row ${rowNumber}: ${broken.message}; the row was skipped`);
      } else if (cells.length !== headers.length) {
        processingErrors.push(columnCountMismatch(rowNumber, headers.length, cells.length));
      } else {
        const record: Record<string, string> = {};
        headers.forEach((name, index) => (record[name] = cells[index] ?? ''));
        if (options.onRow) options.onRow({ rowNumber, cells: record });
        else rows.push({ rowNumber, cells: record });
      }
      if ((rowNumber - 1) % every === 0) options.onProgress?.(rowNumber - 1);
    },
  });

  if (tooMany) throw new CsvFileError('Processing Error', tooManyRows(maxRows));
  if (!headers || rowNumber < 2) throw new CsvFileError('Processing Error', IMPORT_MESSAGES.headerOnly);
  options.onProgress?.(rowNumber - 1);
  return { headers, rows, processingErrors };
}

/** The message for an unexpected failure while processing (docs/product.md#csv-file). */
export function describeProcessingFailure(error: unknown): string {
  if (error instanceof CsvFileError) return error.message;
  return processCsvFailed(error instanceof Error ? error.message : String(error));
}
