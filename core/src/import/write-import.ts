import { z } from 'zod';
import type { ImportType } from './columns.ts';
import {
  chunkRows,
  DEFAULT_CHUNK_BYTES,
  DEFAULT_CHUNK_ROWS,
  forEachConcurrently,
  fromArray,
} from './chunked-writes.ts';
import { IMPORT_MESSAGES, insertFailed } from './messages.ts';
import type { ImportProgress, ProcessResult } from './process-csv.ts';
import { stagedRow, type StagedRow } from './staged-row.ts';
import { msg, t } from '../i18n/translate.ts';

/**
 * The one thing writing needs from a Supabase client: calling a SQL function. Pass
 * `(fn, args) => supabase.rpc(fn, args)` with the admin's session (browser) or the service key (CLI).
 */
export type ImportRpcName =
  | 'find_existing_import_keys'
  | 'begin_import'
  | 'stage_import_rows'
  | 'commit_import'
  | 'discard_import'
  | 'refresh_catalog_statistics';
export interface RpcAnswer {
  data: unknown;
  error: { message: string } | null;
}
export type CallImportRpc = (fn: ImportRpcName, args: Record<string, unknown>) => PromiseLike<RpcAnswer>;

export interface ImportPlan {
  type: ImportType;
  fileName: string;
  rows: StagedRow[];
  totalRows: number;
  invalidCount: number;
  duplicateCount: number;
}

/** A failure the import reports as is ('No valid data to upload', 'Failed to insert data: …'). */
export class ImportWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportWriteError';
  }
}

/** The rows to write: valid and warning rows that are not duplicates. */
export function planImport(result: ProcessResult, fileName: string): ImportPlan {
  const rows: StagedRow[] = [];
  for (const row of result.rows) {
    if (row.status !== 'Invalid' && !row.skip) rows.push(stagedRow(result.type, row.record, row.rowNumber));
  }
  return {
    type: result.type,
    fileName,
    rows,
    totalRows: result.totalRows,
    invalidCount: result.invalidCount,
    duplicateCount: result.duplicateCount,
  };
}

export const CommitResultSchema = z.object({
  inserted: z.number().int(),
  skipped: z.number().int(),
  people_created: z.number().int(),
  organizations_created: z.number().int(),
});
export type CommitResult = z.infer<typeof CommitResultSchema>;

export interface ImportOutcome extends CommitResult {
  type: ImportType;
  /** Rows left out before writing (duplicates found while validating) plus those the commit skipped. */
  skippedTotal: number;
  invalid: number;
}

export interface WriteOptions {
  /** Rows per staging call, and a bound on its JSON size: the gateway accepts 16 MB bodies. */
  chunkRows?: number;
  chunkBytes?: number;
  /** Staging calls in flight at once: one chunk's JSON is parsed while another is written. */
  concurrentChunks?: number;
  onProgress?: (progress: ImportProgress) => void;
}

/** A message, shown with `t(COMMITTED_AFTER_ALL)`. */
export const COMMITTED_AFTER_ALL = msg(
  'The database finished the import after the answer was lost; run it again to check (rows already imported are skipped).',
);
const DEFAULT_CONCURRENT_CHUNKS = 3;

/**
 * write: stage the rows in chunks, then one SQL function commits them in one transaction. Any
 * failure leaves the catalog as it was, discards the staged rows and throws ImportWriteError.
 */
export async function writeImport(
  call: CallImportRpc,
  plan: ImportPlan,
  options: WriteOptions = {},
): Promise<ImportOutcome> {
  if (plan.rows.length === 0) throw new ImportWriteError(IMPORT_MESSAGES.noValidData);
  const chunks = chunkRows(
    plan.rows,
    options.chunkRows ?? DEFAULT_CHUNK_ROWS,
    options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
  );
  return writeStagedChunks(
    call,
    { ...plan, rowCount: plan.rows.length, chunkCount: chunks.length, chunks: fromArray(chunks) },
    options,
  );
}

/** Rows to write already cut into chunks (StagedRowChunker), read as they are staged. */
export interface StagedChunks extends Omit<ImportPlan, 'rows'> {
  chunks: AsyncIterable<StagedRow[]>;
  rowCount: number;
  chunkCount: number;
}

/**
 * writeImport for rows that are not all in memory (a file read as a stream, its rows kept on
 * disk): the chunks are staged as they are read, at most `concurrentChunks` at a time, then
 * committed in one transaction.
 */
export async function writeStagedChunks(
  call: CallImportRpc,
  plan: StagedChunks,
  options: WriteOptions = {},
): Promise<ImportOutcome> {
  if (plan.rowCount === 0) throw new ImportWriteError(IMPORT_MESSAGES.noValidData);
  const report = options.onProgress;
  const batchId = z.uuid().parse(
    await expectData(
      call('begin_import', {
        content_type: plan.type,
        file_name: plan.fileName,
        summary: { total_rows: plan.totalRows, invalid: plan.invalidCount, duplicates: plan.duplicateCount },
      }),
    ),
  );
  try {
    let rowsStaged = 0;
    let chunksStaged = 0;
    const staging = () =>
      ({ phase: 'staging', chunksStaged, totalChunks: plan.chunkCount, rowsStaged, totalRows: plan.rowCount }) as const;
    report?.(staging());
    await forEachConcurrently(plan.chunks, options.concurrentChunks ?? DEFAULT_CONCURRENT_CHUNKS, async (chunk) => {
      await expectData(call('stage_import_rows', { batch_id: batchId, rows: chunk }));
      rowsStaged += chunk.length;
      chunksStaged += 1;
      report?.(staging());
    });
    report?.({ phase: 'committing', rows: plan.rowCount });
    const committed = CommitResultSchema.parse(await expectData(call('commit_import', { batch_id: batchId })));
    // Fresh planner statistics for what the commit wrote; the import stands if this fails (the
    // server's maintenance job analyses the tables within minutes).
    await Promise.resolve(call('refresh_catalog_statistics', {})).catch(() => undefined);
    report?.({ phase: 'done' });
    return {
      ...committed,
      type: plan.type,
      skippedTotal: plan.duplicateCount + committed.skipped,
      invalid: plan.invalidCount,
    };
  } catch (error) {
    const failure =
      error instanceof ImportWriteError
        ? error
        : new ImportWriteError(insertFailed(error instanceof Error ? error.message : undefined));
    // A batch that failed to commit is of no use; its rows go with it. Discarding waits for a
    // commit still running after its answer was lost; a batch gone by then was committed.
    const discarded = await Promise.resolve(call('discard_import', { batch_id: batchId })).then(
      (answer) => answer.data,
      () => undefined,
    );
    if (discarded === false) throw new ImportWriteError(`${failure.message}. ${t(COMMITTED_AFTER_ALL)}`);
    throw failure;
  }
}

async function expectData(answer: PromiseLike<RpcAnswer>): Promise<unknown> {
  let result: RpcAnswer;
  try {
    result = await answer;
  } catch (error) {
    throw new ImportWriteError(insertFailed(error instanceof Error ? error.message : undefined));
  }
  if (result.error) throw new ImportWriteError(insertFailed(result.error.message));
  return result.data;
}

/** Existing duplicate keys through the same RPC door, in bounded calls. */
export async function findExistingKeys(
  call: CallImportRpc,
  type: ImportType,
  keys: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  const KEYS_PER_CALL = 20_000;
  for (let start = 0; start < keys.length; start += KEYS_PER_CALL) {
    const data = await expectData(
      call('find_existing_import_keys', { content_type: type, keys: keys.slice(start, start + KEYS_PER_CALL) }),
    );
    found.push(...z.array(z.string()).parse(data ?? []));
  }
  return found;
}
