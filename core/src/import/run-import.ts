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
  writeStagedChunks,
  type StagedChunks,
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
    { maxRows: options.maxRows, onProgress: options.onProgress },
  );
  if (options.dryRun || (options.strict && !isClean(result))) return { result };
  const outcome = await writeProcessedCsv(dependencies.call, result, options.fileName, options);
  return { result, outcome };
}

/**
 * Writes a processed file, for the CLI (through runCsvImport) and the browser (after its preview)
 * alike. No valid row fails with 'No valid data to upload'; valid rows that are all in the
 * catalog already are a successful import that writes nothing; otherwise the importable rows are
 * staged and committed in one transaction. Throws ImportWriteError; the catalog is then unchanged.
 */
export async function writeProcessedCsv(
  call: CallImportRpc,
  result: ProcessResult,
  fileName: string,
  options: WriteOptions = {},
): Promise<ImportOutcome> {
  if (result.validCount === 0) throw new ImportWriteError(IMPORT_MESSAGES.noValidData);
  if (result.importableCount === 0) return nothingToWrite(result, options);
  return writeImport(call, planImport(result, fileName), options);
}

/**
 * writeProcessedCsv for a file read as a stream (processCsvChunks), whose rows to write were cut
 * into chunks and kept aside as they came (StagedRowChunker): the same outcomes.
 */
export async function writeStreamedCsv(
  call: CallImportRpc,
  result: ProcessResult,
  fileName: string,
  staged: Pick<StagedChunks, 'chunks' | 'chunkCount'>,
  options: WriteOptions = {},
): Promise<ImportOutcome> {
  if (result.validCount === 0) throw new ImportWriteError(IMPORT_MESSAGES.noValidData);
  if (result.importableCount === 0) return nothingToWrite(result, options);
  return writeStagedChunks(
    call,
    {
      type: result.type,
      fileName,
      totalRows: result.totalRows,
      invalidCount: result.invalidCount,
      duplicateCount: result.duplicateCount,
      rowCount: result.importableCount,
      ...staged,
    },
    options,
  );
}

function nothingToWrite(result: ProcessResult, options: WriteOptions): ImportOutcome {
  options.onProgress?.({ phase: 'done' });
  const nothing = { inserted: 0, skipped: 0, people_created: 0, organizations_created: 0 };
  return { ...nothing, type: result.type, skippedTotal: result.duplicateCount, invalid: result.invalidCount };
}

/** No Invalid rows and no malformed rows. */
export function isClean(result: ProcessResult): boolean {
  return result.invalidCount === 0 && result.malformedCount === 0;
}
