import type { ImportType } from './columns.ts';
import { processCsv, type ImportProgress, type ProcessResult } from './process-csv.ts';
import type { ImportDomain } from './row-rules.ts';
import { IMPORT_MESSAGES } from './messages.ts';
import {
  findExistingKeys,
  ImportWriteError,
  planImport,
  writeImport,
  type CallImportRpc,
  type ImportOutcome,
  type WriteOptions,
} from './write-import.ts';

export interface RunImportOptions extends Pick<WriteOptions, 'chunkRows' | 'chunkBytes'> {
  fileName: string;
  /** Validate and check duplicates against the catalog, but write nothing. */
  dryRun?: boolean;
  /** Write nothing when any row is Invalid or was skipped as malformed (CI's all-or-nothing). */
  strict?: boolean;
  maxRows?: number;
  onProgress?: (progress: ImportProgress) => void;
}

export interface RunImportResult {
  result: ProcessResult;
  /** Absent on a dry run. */
  outcome?: ImportOutcome;
}

/**
 * The whole pipeline, parse → validate → plan → write, over one RPC door (supabase.rpc with the
 * admin's session or the service key). Throws CsvFileError for a file that cannot be processed and
 * ImportWriteError when writing fails (the catalog is then unchanged).
 */
export async function runCsvImport(
  text: string,
  type: ImportType,
  dependencies: { call: CallImportRpc; domains: readonly ImportDomain[] },
  options: RunImportOptions,
): Promise<RunImportResult> {
  const result = await processCsv(
    text,
    type,
    { domains: dependencies.domains, findExisting: (kind, keys) => findExistingKeys(dependencies.call, kind, keys) },
    // Validated while read: a file far beyond the browser's limits is never held parsed whole.
    { maxRows: options.maxRows, onProgress: options.onProgress, validateWhileReading: true },
  );
  if (options.dryRun || (options.strict && !isClean(result))) return { result };
  if (result.validCount === 0) throw new ImportWriteError(IMPORT_MESSAGES.noValidData);
  if (result.importableCount === 0) {
    // Every valid row is already in the catalog: a successful run that adds nothing.
    options.onProgress?.({ phase: 'done' });
    const nothing = { inserted: 0, skipped: 0, people_created: 0, organizations_created: 0 };
    return { result, outcome: { ...nothing, type, skippedTotal: result.duplicateCount, invalid: result.invalidCount } };
  }
  const outcome = await writeImport(dependencies.call, planImport(result, options.fileName), options);
  return { result, outcome };
}

/** No Invalid rows and no malformed rows. */
export function isClean(result: ProcessResult): boolean {
  return result.invalidCount === 0 && result.processingErrors.length === 0;
}
