import type { ImportType } from './columns.ts';
import { CsvChunkReader } from './csv-chunks.ts';
import { DuplicateFinder } from './duplicates.ts';
import { BROWSER_CSV_LIMITS } from './parse-csv.ts';
import { createDomainLookup, validateImportRow, type ImportDomain, type ValidatedRow } from './row-rules.ts';

/** Progress of the whole pipeline, from real work done (no timers). */
export type ImportProgress =
  | { phase: 'reading'; rowsRead: number }
  | { phase: 'validating'; rowsValidated: number; totalRows: number }
  | { phase: 'checking-duplicates'; keys: number }
  | { phase: 'staging'; chunksStaged: number; totalChunks: number; rowsStaged: number; totalRows: number }
  | { phase: 'committing'; rows: number }
  | { phase: 'done' };

export interface ProcessDependencies {
  /** The taxonomy to check domain names and slugs against. */
  domains: readonly ImportDomain[];
  /**
   * The given duplicate keys (lower-cased DOIs for papers, names otherwise) that already exist
   * in the catalog. Left out, only duplicates within the file are found.
   */
  findExisting?: (type: ImportType, keys: string[]) => Promise<Iterable<string>>;
}

export interface ProcessOptions {
  maxRows?: number;
  /** Parse and validate only the first N data rows (the browser preview's first paint). */
  firstRows?: number;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Takes the rows in file order, a batch at a time, each with its final status (duplicates
   * found): for a caller that writes them somewhere instead of holding them all. The next batch
   * waits for the promise.
   */
  onRows?: (rows: ValidatedRow[]) => void | Promise<void>;
  /** How many of the first rows the result keeps (default: all of them). */
  keepRows?: number;
}

export interface ProcessResult {
  type: ImportType;
  headers: string[];
  /** The rows, or the first `keepRows` of them. */
  rows: ValidatedRow[];
  /** Rows skipped whole (wrong column count, broken quoting): the first MALFORMED_LISTED messages. */
  processingErrors: string[];
  /** How many rows were skipped whole (processingErrors lists at most MALFORMED_LISTED of them). */
  malformedCount: number;
  /** Data rows parsed (rows skipped for their column count are not counted). */
  totalRows: number;
  /** Valid + Warning rows ('N valid rows', docs/product.md#csv-preview). */
  validCount: number;
  invalidCount: number;
  warningCount: number;
  /** Valid rows left out because they repeat an existing item or an earlier row. */
  duplicateCount: number;
  /** Rows the import will write. */
  importableCount: number;
}

/** Rows validated, then checked against the catalog for duplicates, a batch at a time. */
const BATCH_ROWS = 10_000;
const READ_PROGRESS_EVERY = 1_000;
/** A file of nothing but malformed rows lists this many; the count says how many there were. */
export const MALFORMED_LISTED = 1_000;

/** parse → validate (→ duplicates) of a whole text: the browser's preview and import. */
export function processCsv(
  text: string,
  type: ImportType,
  dependencies: ProcessDependencies,
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  return processCsvChunks(oneChunk(text), type, dependencies, options);
}

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * parse → validate (→ duplicates) of text arriving in pieces (a file read as a stream): each row
 * is validated as it is parsed and checked for duplicates with its batch, then handed to
 * `onRows`; only the counts, the duplicate keys seen and the kept rows stay. Everything before
 * writing, for the preview, --dry-run and the import.
 */
export async function processCsvChunks(
  chunks: AsyncIterable<string>,
  type: ImportType,
  dependencies: ProcessDependencies,
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  const report = options.onProgress;
  const lookup = createDomainLookup(dependencies.domains);
  const keep = options.keepRows ?? Number.POSITIVE_INFINITY;
  // A row kept from a stream is copied: its parsed cells are pieces of the text read, which the
  // row would otherwise keep whole. A whole text is in memory anyway.
  const copyKept = options.keepRows !== undefined;
  const findExisting = dependencies.findExisting;
  const duplicates = new DuplicateFinder(findExisting && ((keys) => findExisting(type, keys)));
  const counts = { total: 0, invalid: 0, warning: 0, duplicate: 0 };
  const kept: ValidatedRow[] = [];
  const processingErrors: string[] = [];
  let malformedCount = 0;
  let waiting: ValidatedRow[] = [];

  const reader = new CsvChunkReader({
    maxRows: options.maxRows ?? BROWSER_CSV_LIMITS.maxRows,
    firstRows: options.firstRows,
    onRow: (row) => {
      waiting.push(validateImportRow(type, row, lookup));
      if (report && (row.rowNumber - 1) % READ_PROGRESS_EVERY === 0)
        report({ phase: 'reading', rowsRead: row.rowNumber - 1 });
    },
    onMalformedRow: (message) => {
      malformedCount += 1;
      if (processingErrors.length < MALFORMED_LISTED) processingErrors.push(message);
    },
  });

  const settle = async (rows: ValidatedRow[]) => {
    report?.({ phase: 'reading', rowsRead: reader.dataRows });
    const keys = await duplicates.mark(rows);
    if (keys > 0) report?.({ phase: 'checking-duplicates', keys });
    for (const row of rows) {
      counts.total += 1;
      if (row.status === 'Invalid') counts.invalid += 1;
      else if (row.status === 'Warning') counts.warning += 1;
      if (row.skip) counts.duplicate += 1;
      if (kept.length < keep) kept.push(copyKept ? structuredClone(row) : row);
    }
    await options.onRows?.(rows);
  };
  const settleFullBatches = async () => {
    while (waiting.length >= BATCH_ROWS) {
      const batch = waiting.slice(0, BATCH_ROWS);
      waiting = waiting.slice(BATCH_ROWS);
      await settle(batch);
    }
  };

  for await (const chunk of chunks) {
    reader.push(chunk);
    await settleFullBatches();
    if (reader.done) break;
  }
  reader.finish();
  await settleFullBatches();
  if (waiting.length > 0) await settle(waiting);
  report?.({ phase: 'validating', rowsValidated: counts.total, totalRows: counts.total });

  const validCount = counts.total - counts.invalid;
  return {
    type,
    headers: reader.headerNames ?? [],
    rows: kept,
    processingErrors,
    malformedCount,
    totalRows: counts.total,
    validCount,
    invalidCount: counts.invalid,
    warningCount: counts.warning,
    duplicateCount: counts.duplicate,
    importableCount: validCount - counts.duplicate,
  };
}

/** docs/product.md#csv-preview: the preview table shows at most the first 100 rows. */
export const PREVIEW_ROW_LIMIT = 100;
export function previewRows(result: ProcessResult): ValidatedRow[] {
  return result.rows.slice(0, PREVIEW_ROW_LIMIT);
}
