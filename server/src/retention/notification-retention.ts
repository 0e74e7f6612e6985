import type pg from 'pg';

/** How long read notifications are kept unless NOTIFICATION_RETENTION_DAYS says otherwise. */
export const DEFAULT_NOTIFICATION_RETENTION_DAYS = 90;
const BATCH_SIZE = 5_000;
/** Batches per run; whatever is left waits for the next run (the next hour). */
const MAX_BATCHES_PER_RUN = 200;
const INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes read notifications older than retentionDays (docs/product.md#notification-retention),
 * batch by batch so that a backlog never makes one huge delete; resolves to how many went.
 * Unread notifications stay until they are read.
 */
export async function deleteOldNotifications(pool: pg.Pool, retentionDays: number): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const { rows } = await pool.query<{ removed: number }>(
      'select public.delete_old_notifications($1, $2) as removed',
      [retentionDays, BATCH_SIZE],
    );
    const removed = rows[0]?.removed ?? 0;
    total += removed;
    if (removed < BATCH_SIZE) break;
  }
  return total;
}

/** Runs at start and every hour; one run at a time; the timer does not keep the process alive. */
export function startNotificationRetention(
  pool: pg.Pool,
  options: { retentionDays: number; log?: (message: string, details?: Record<string, unknown>) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= deleteOldNotifications(pool, options.retentionDays)
      .then(
        (removed) => {
          if (removed > 0) options.log?.('old read notifications deleted', { removed, days: options.retentionDays });
        },
        (error: unknown) =>
          options.log?.('notification retention failed', {
            error: error instanceof Error ? error.message : String(error),
          }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
