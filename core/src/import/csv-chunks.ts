import Papa from 'papaparse';
import { CsvFileError, invalidCsvFile } from './csv-file-error.ts';
import { columnCountMismatch, IMPORT_MESSAGES, tooManyRows } from './messages.ts';
import { t } from '../i18n/translate.ts';

export interface CsvRow {
  /** Position in the file as a spreadsheet numbers it: the header is row 1. */
  rowNumber: number;
  cells: Record<string, string>;
}

export interface CsvReadOptions {
  /** More data rows than this fail the file. */
  maxRows: number;
  /** Stop after this many data rows (a preview); the rest of the input is not read. */
  firstRows?: number;
  /** Takes each well-formed data row, in file order. */
  onRow: (row: CsvRow) => void;
  /** Takes the message for each row skipped whole (wrong column count, broken quoting). */
  onMalformedRow: (message: string) => void;
}

/** A record still open after this many characters is a quote never closed: the file cannot be read. */
export const MAX_RECORD_CHARACTERS = 8 * 1_048_576;

/** Papa's guesses read the first 10 rows (and at most a megabyte): wait for them. */
const GUESS_ROWS = 10;
const GUESS_CHARACTERS = 1_048_576;

function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index >= 0 && lines <= GUESS_ROWS; index = text.indexOf('\n', index + 1)) {
    lines += 1;
  }
  return lines;
}

/** The part of Papa Parse's chunk parser (Papa.ParserHandle) its own streamers use. */
interface PapaChunkHandle {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): Papa.ParseResult<string[]>;
  aborted(): boolean;
}
type PapaChunkHandleConstructor = new (config: Papa.ParseConfig<string[]>) => PapaChunkHandle;

function chunkHandleConstructor(): PapaChunkHandleConstructor {
  const constructor: unknown = Reflect.get(Papa, 'ParserHandle');
  if (typeof constructor !== 'function') throw new Error('papaparse has no ParserHandle');
  // Papa.ParserHandle is a plain constructor function; its type is not in @types/papaparse.
  return constructor as PapaChunkHandleConstructor;
}

/**
 * RFC 4180 parsing (quoted commas, doubled quotes, newlines in quotes, CRLF or LF, BOM, trailing
 * blank lines) of text that arrives in pieces, row by row, holding only the row being read: what
 * Papa Parse's own file streamers do (a piece is parsed up to its last complete row, the rest
 * waits for the next piece). The same rows, row numbers and messages whatever the pieces.
 */
export class CsvChunkReader {
  private readonly handle: PapaChunkHandle;
  private headers: string[] | undefined;
  private rowNumber = 0;
  private pending = '';
  private baseIndex = 0;
  private first = true;
  private tooMany = false;
  private stopped = false;

  private readonly options: CsvReadOptions;

  constructor(options: CsvReadOptions) {
    this.options = options;
    const Handle = chunkHandleConstructor();
    this.handle = new Handle({ skipEmptyLines: true, step: (result, parser) => this.step(result, parser) });
  }

  /** True once a preview has its rows or the file has too many: the caller may stop reading. */
  get done(): boolean {
    return this.stopped;
  }

  /** The header names, trimmed and lower-cased (after the first row). */
  get headerNames(): string[] | undefined {
    return this.headers;
  }

  /** Data rows read so far (rows skipped as malformed included). */
  get dataRows(): number {
    return Math.max(0, this.rowNumber - 1);
  }

  push(piece: string): void {
    if (this.stopped) return;
    let input = this.pending + piece;
    if (this.first) {
      // Papa guesses the line ending and the delimiter from the first text it parses: it gets
      // the first rows whole, as it would from the whole file.
      if (input.length < GUESS_CHARACTERS && countLines(input) <= GUESS_ROWS) {
        this.pending = input;
        return;
      }
      this.first = false;
      if (input.startsWith('\uFEFF')) input = input.slice(1);
    }
    const result = this.handle.parse(input, this.baseIndex, true);
    if (this.handle.aborted() || this.stopped) {
      this.pending = '';
      return;
    }
    const cursor = result.meta.cursor;
    this.pending = input.slice(cursor - this.baseIndex);
    this.baseIndex = cursor;
    if (this.pending.length > MAX_RECORD_CHARACTERS) {
      throw new CsvFileError('Processing Error', unclosedQuote(this.rowNumber + 1));
    }
  }

  /** The end of the input: the last row is read; throws for a file with no data row or too many. */
  finish(): void {
    if (this.first && this.pending.startsWith('\uFEFF')) this.pending = this.pending.slice(1);
    this.first = false;
    if (!this.stopped) this.handle.parse(this.pending, this.baseIndex, false);
    this.pending = '';
    if (this.tooMany) throw new CsvFileError(t('Processing Error'), tooManyRows(this.options.maxRows));
    if (!this.headers || this.rowNumber < 2) throw new CsvFileError(t('Processing Error'), IMPORT_MESSAGES.headerOnly);
  }

  private step(result: Papa.ParseStepResult<string[]>, parser: Papa.Parser): void {
    this.rowNumber += 1;
    const cells = result.data;
    if (!this.headers) {
      this.headers = cells.map((name) => name.trim().toLowerCase());
      return;
    }
    const dataRow = this.rowNumber - 1;
    if (dataRow > this.options.maxRows) {
      this.tooMany = true;
      this.stop(parser);
      return;
    }
    const broken = result.errors.find((error) => error.type === 'Quotes');
    if (broken) {
      this.options.onMalformedRow(
        t('Row {row}: {problem}; the row was skipped', { row: this.rowNumber, problem: broken.message }),
      );
    } else if (cells.length !== this.headers.length) {
      this.options.onMalformedRow(columnCountMismatch(this.rowNumber, this.headers.length, cells.length));
    } else {
      const record: Record<string, string> = {};
      this.headers.forEach((name, index) => (record[name] = cells[index] ?? ''));
      this.options.onRow({ rowNumber: this.rowNumber, cells: record });
    }
    if (this.options.firstRows !== undefined && dataRow >= this.options.firstRows) this.stop(parser);
  }

  private stop(parser: Papa.Parser): void {
    this.stopped = true;
    parser.abort();
  }
}

function unclosedQuote(rowNumber: number): string {
  return t('Row {row}: a quoted field is still open after {megabytes} MB; the file cannot be read', {
    row: rowNumber,
    megabytes: MAX_RECORD_CHARACTERS / 1_048_576,
  });
}

/** The first bytes of a file, checked as decodeCsvChunks would (a character cut at the end is no fault). */
export function checkCsvStart(bytes: Uint8Array): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    throw invalidCsvFile();
  }
  if (text.includes('\u0000')) throw invalidCsvFile();
}

/**
 * Bytes to text, piece by piece. Content that is not UTF-8 text (or holds NUL bytes, as binary
 * files do) is not a CSV whatever its name says. TextDecoder drops a UTF-8 BOM.
 */
export async function* decodeCsvChunks(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    let text: string;
    try {
      text = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw invalidCsvFile();
    }
    if (text.includes('\u0000')) throw invalidCsvFile();
    return text;
  };
  for await (const bytes of pieces) {
    const text = decode(bytes);
    if (text) yield text;
  }
  const rest = decode();
  if (rest) yield rest;
}
