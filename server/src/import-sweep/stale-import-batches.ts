import type pg from 'pg';

/**
 * A CSV import stages its rows in an import batch over several requests, then commits it in one
 * transaction that also removes the batch; a failed import discards its batch. A tab closed or a
 * CLI killed mid-import (kill -9) does neither, so the server removes batches nobody committed
 * within an hour (a 100,000-row import stages and commits in about a minute), at start and on a
 * timer. A commit in progress holds its batch's row lock, so the delete waits for it.
 */
export const STALE_IMPORT_BATCH_MINUTES = 60;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export async function removeStaleImportBatches(pool: pg.Pool, olderThanMinutes = STALE_IMPORT_BATCH_MINUTES) {
  const result = await pool.query(
    'delete from public.import_batches where created_at < now() - make_interval(mins => $1::int)',
    [olderThanMinutes],
  );
  return result.rowCount ?? 0;
}

/** Sweeps now and then every ten minutes; the timer does not keep the process alive. */
export function startStaleImportSweeper(
  pool: pg.Pool,
  options: { log?: (message: string, details?: Record<string, unknown>) => void } = {},
): { stop(): void } {
  const sweep = () =>
    removeStaleImportBatches(pool).then(
      (removed) => {
        if (removed > 0) options.log?.('stale import batches removed', { removed });
      },
      (error: unknown) =>
        options.log?.('stale import sweep failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
