import type pg from 'pg';

/** How long log-like rows are kept unless LOG_RETENTION_DAYS says otherwise (docs/security.md). */
export const DEFAULT_LOG_RETENTION_DAYS = 90;
/** Rows per DELETE: each batch is a short statement of its own, so a flood never makes one huge delete. */
export const PRUNE_BATCH_SIZE = 5_000;
/** Batches per table and run; whatever is left waits for the next run (the next hour). */
const MAX_BATCHES_PER_RUN = 200;
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The log-like tables and which of their rows are past the window ($1 days). item_views prunes
 * itself on insert (30 days) and search_terms holds day counts without personal data: not here.
 */
const PRUNED: ReadonlyArray<{ table: string; expired: string }> = [
  { table: 'public.security_events', expired: 'created_at < now() - make_interval(days => $1)' },
  // who did what, with address and user agent
  { table: 'public.user_activity', expired: 'created_at < now() - make_interval(days => $1)' },
  // review mails sent, or given up on after their last attempt (attempts < 8 may still be retried)
  {
    table: 'public.notification_outbox',
    expired:
      '(sent_at < now() - make_interval(days => $1)) or (sent_at is null and attempts >= 8 and created_at < now() - make_interval(days => $1))',
  },
];

/** LOG_RETENTION_DAYS: whole days, 1 to 3650; unset or empty means the default. */
export function parseLogRetentionDays(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_LOG_RETENTION_DAYS;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new Error(`LOG_RETENTION_DAYS must be a whole number of days from 1 to 3650, not "${value}"`);
  }
  return days;
}

/** Deletes the rows past the window, batch by batch; resolves to the rows removed per table. */
export async function pruneOldLogs(
  pool: pg.Pool,
  options: { retentionDays: number; batchSize?: number },
): Promise<Record<string, number>> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  const removed: Record<string, number> = {};
  for (const { table, expired } of PRUNED) {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const result = await pool.query(
        `delete from ${table} where id in (select id from ${table} where ${expired} order by id limit $2)`,
        [options.retentionDays, batchSize],
      );
      total += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
    if (total > 0) removed[table] = total;
  }
  return removed;
}

/** Prunes at start and every hour; one run at a time; the timer does not keep the process alive. */
export function startLogRetention(
  pool: pg.Pool,
  options: {
    retentionDays: number;
    intervalMs?: number;
    log?: (message: string, details?: Record<string, unknown>) => void;
  },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pruneOldLogs(pool, { retentionDays: options.retentionDays })
      .then(
        (removed) => {
          if (Object.keys(removed).length)
            options.log?.('old log rows pruned', { removed, days: options.retentionDays });
        },
        (error: unknown) =>
          options.log?.('log retention failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? PRUNE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
