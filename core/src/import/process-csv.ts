import type { ImportType } from './columns.ts';
import { duplicateKeysOf, markDuplicates } from './duplicates.ts';
import { parseCsvText, type ParsedCsv } from './parse-csv.ts';
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
   * Validate each row as soon as it is parsed instead of after the whole file (the CLI): the
   * parsed cells of a large file are then never all in memory. 'validating' is reported once, at
   * the end; the browser keeps the two-step progress of its bar.
   */
  validateWhileReading?: boolean;
}

export interface ProcessResult {
  type: ImportType;
  headers: string[];
  rows: ValidatedRow[];
  processingErrors: string[];
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

const VALIDATE_PROGRESS_EVERY = 2_000;

/** parse → validate (→ duplicates): everything before writing, for the preview and --dry-run. */
export async function processCsv(
  text: string,
  type: ImportType,
  dependencies: ProcessDependencies,
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  const report = options.onProgress;
  const lookup = createDomainLookup(dependencies.domains);
  const rows: ValidatedRow[] = [];
  const parsed: ParsedCsv = parseCsvText(text, {
    maxRows: options.maxRows,
    firstRows: options.firstRows,
    onProgress: report && ((rowsRead) => report({ phase: 'reading', rowsRead })),
    onRow: options.validateWhileReading ? (row) => rows.push(validateImportRow(type, row, lookup)) : undefined,
  });
  for (const row of parsed.rows) {
    rows.push(validateImportRow(type, row, lookup));
    if (report && rows.length % VALIDATE_PROGRESS_EVERY === 0) {
      report({ phase: 'validating', rowsValidated: rows.length, totalRows: parsed.rows.length });
    }
  }
  report?.({ phase: 'validating', rowsValidated: rows.length, totalRows: rows.length });

  const keys = duplicateKeysOf(rows);
  let existing = new Set<string>();
  if (dependencies.findExisting && keys.length > 0) {
    report?.({ phase: 'checking-duplicates', keys: keys.length });
    existing = new Set([...(await dependencies.findExisting(type, keys))].map((key) => key.toLowerCase()));
  }
  markDuplicates(rows, existing);
  return summarise(type, parsed, rows);
}

function summarise(type: ImportType, parsed: ParsedCsv, rows: ValidatedRow[]): ProcessResult {
  let invalidCount = 0;
  let warningCount = 0;
  let duplicateCount = 0;
  for (const row of rows) {
    if (row.status === 'Invalid') invalidCount += 1;
    else if (row.status === 'Warning') warningCount += 1;
    if (row.skip) duplicateCount += 1;
  }
  const validCount = rows.length - invalidCount;
  return {
    type,
    headers: parsed.headers,
    rows,
    processingErrors: parsed.processingErrors,
    totalRows: rows.length,
    validCount,
    invalidCount,
    warningCount,
    duplicateCount,
    importableCount: validCount - duplicateCount,
  };
}

/** docs/product.md#csv-preview: the preview table shows at most the first 100 rows. */
export const PREVIEW_ROW_LIMIT = 100;
export function previewRows(result: ProcessResult): ValidatedRow[] {
  return result.rows.slice(0, PREVIEW_ROW_LIMIT);
}
