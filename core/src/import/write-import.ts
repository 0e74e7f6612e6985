import { z } from 'zod';
import type { ImportType } from './columns.ts';
import { IMPORT_MESSAGES, insertFailed } from './messages.ts';
import type { ImportProgress, ProcessResult } from './process-csv.ts';
import type { ImportRecord } from './row-rules.ts';

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

export interface StagedRow extends ImportRecord {
  row_number: number;
}

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

/**
 * Where each type's tags come from (row-rules): staged once, commit_import reads them from there.
 * Software has a tags column of its own.
 */
const TAG_SOURCE: Record<ImportType, 'keywords' | 'industry_focus' | 'capabilities' | null> = {
  software: null,
  paper: 'keywords',
  company: 'industry_focus',
  agent: 'capabilities',
};

/**
 * The row as staged: without the copies row-rules makes (a paper's description is its abstract,
 * tags are the keywords / industry focus / capabilities), which would otherwise be a third of
 * what a paper import sends and stores; commit_import falls back to the originals.
 */
export function stagedRow(type: ImportType, record: ImportRecord, rowNumber: number): StagedRow {
  const row: StagedRow = { ...record, row_number: rowNumber };
  const fields: Record<string, unknown> = row;
  if ('abstract' in fields && fields.description === (fields.abstract ?? '')) delete fields.description;
  const tagSource = TAG_SOURCE[type];
  const source = tagSource === null ? undefined : fields[tagSource];
  if (Array.isArray(source) && Array.isArray(fields.tags) && sameStrings(source, fields.tags)) delete fields.tags;
  // the optional model terms and papers of tools and agents, left out when empty (most rows)
  for (const field of OPTIONAL_WHEN_EMPTY) {
    const value = fields[field];
    if (value === null || (Array.isArray(value) && value.length === 0)) delete fields[field];
  }
  return row;
}

/** Fields commit_import reads as absent when left out (null, or an empty list). */
const OPTIONAL_WHEN_EMPTY = ['weights_license', 'availability', 'paper_dois', 'paper_arxiv_ids'] as const;

function sameStrings(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
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

const DEFAULT_CHUNK_ROWS = 5_000;
export const COMMITTED_AFTER_ALL =
  'The database finished the import after the answer was lost; run it again to check (rows already imported are skipped).';
const DEFAULT_CHUNK_BYTES = 6 * 1_048_576;
const DEFAULT_CONCURRENT_CHUNKS = 3;

/**
 * Runs `work` over the items (an array, or read as they come) with at most `limit` running at
 * once. The first failure stops new work from starting and is thrown once the running ones have
 * settled (so nothing is still writing when the caller cleans up).
 */
export async function forEachConcurrently<T>(
  items: readonly T[] | AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const source: AsyncIterable<T> = isAsyncIterable(items) ? items : fromArray(items);
  const iterator = source[Symbol.asyncIterator]();
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        failure ??= { error };
        return;
      }
      if (next.done) return;
      try {
        await work(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failure) {
    await iterator.return?.();
    throw failure.error;
  }
}

/** Cuts rows into chunks bounded by row count and serialised size, as they come. */
export class StagedRowChunker {
  private current: StagedRow[] = [];
  private bytes = 0;

  private readonly maxRows: number;
  private readonly maxBytes: number;

  constructor(maxRows: number = DEFAULT_CHUNK_ROWS, maxBytes: number = DEFAULT_CHUNK_BYTES) {
    this.maxRows = maxRows;
    this.maxBytes = maxBytes;
  }

  /** Adds a row; returns the chunk it closed, if it closed one. */
  push(row: StagedRow): StagedRow[] | undefined {
    const size = JSON.stringify(row).length + 1;
    let full: StagedRow[] | undefined;
    if (this.current.length > 0 && (this.current.length >= this.maxRows || this.bytes + size > this.maxBytes)) {
      full = this.current;
      this.current = [];
      this.bytes = 0;
    }
    this.current.push(row);
    this.bytes += size;
    return full;
  }

  /** The last chunk, if any rows are left. */
  finish(): StagedRow[] | undefined {
    const last = this.current.length > 0 ? this.current : undefined;
    this.current = [];
    this.bytes = 0;
    return last;
  }
}

/** Cuts rows into chunks bounded by row count and serialised size. */
export function chunkRows(rows: readonly StagedRow[], maxRows: number, maxBytes: number): StagedRow[][] {
  const chunker = new StagedRowChunker(maxRows, maxBytes);
  const chunks: StagedRow[][] = [];
  for (const row of rows) {
    const full = chunker.push(row);
    if (full) chunks.push(full);
  }
  const last = chunker.finish();
  if (last) chunks.push(last);
  return chunks;
}

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

async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

function isAsyncIterable<T>(items: readonly T[] | AsyncIterable<T>): items is AsyncIterable<T> {
  return Symbol.asyncIterator in items;
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
    if (discarded === false) throw new ImportWriteError(`${failure.message}. ${COMMITTED_AFTER_ALL}`);
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
