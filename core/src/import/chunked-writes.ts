import type { StagedRow } from './staged-row.ts';

export const DEFAULT_CHUNK_ROWS = 5_000;
export const DEFAULT_CHUNK_BYTES = 6 * 1_048_576;

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

export async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

function isAsyncIterable<T>(items: readonly T[] | AsyncIterable<T>): items is AsyncIterable<T> {
  return Symbol.asyncIterator in items;
}
