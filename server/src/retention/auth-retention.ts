import type pg from 'pg';

/** Rows per DELETE, as for the logs: short statements, never one huge delete. */
const PRUNE_BATCH_SIZE = 5_000;
const MAX_BATCHES_PER_RUN = 200;
export const AUTH_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The auth service's rows that can no longer be used, and when they go (GoTrue's own clean-up
 * keeps the same margins). They are credentials and traces of sign-ins, not logs: fixed windows,
 * not LOG_RETENTION_DAYS. Nothing live is touched: a session that has not ended, a refresh token
 * that still works, a link or code before its expiry.
 */
const EXPIRED: ReadonlyArray<{ table: string; expired: string }> = [
  // ended sessions (sign-out, a reused refresh token, ended in the settings): refused since
  // not_after; their refresh tokens go with them (on delete cascade)
  { table: 'auth.sessions', expired: `not_after < now() - interval '72 hours'` },
  // a refresh token works once: the replaced ones are kept a day to recognise a reuse (which
  // ends the session), as GoTrue does
  { table: 'auth.refresh_tokens', expired: `revoked and updated_at < now() - interval '24 hours'` },
  // mailed links and codes a day past their expiry (until then an expired one is told apart
  // from a wrong one)
  { table: 'auth.one_time_tokens', expired: `expires_at < now() - interval '24 hours'` },
  // a TOTP challenge is answered within minutes; the factors route drops a factor's old ones
  // only when that factor is challenged again
  { table: 'auth.mfa_challenges', expired: `created_at < now() - interval '24 hours'` },
  // a factor enrolled and never verified a day later was abandoned
  { table: 'auth.mfa_factors', expired: `status = 'unverified' and created_at < now() - interval '24 hours'` },
  // a sign-in with GitHub or ORCID is finished within five minutes of its start, or not at all
  { table: 'auth.flow_state', expired: `created_at < now() - interval '24 hours'` },
  // a claim's e-mail codes work 15 minutes; the day's codes are counted for its limit
  { table: 'public.item_claim_email_codes', expired: `created_at < now() - interval '48 hours'` },
];

/** Deletes the auth rows past use, batch by batch; resolves to the rows removed per table. */
export async function pruneExpiredAuthRows(
  pool: pg.Pool,
  options: { batchSize?: number } = {},
): Promise<Record<string, number>> {
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  const removed: Record<string, number> = {};
  for (const { table, expired } of EXPIRED) {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const result = await pool.query(
        `delete from ${table} where id in (select id from ${table} where ${expired} order by id limit $1)`,
        [batchSize],
      );
      total += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
    if (total > 0) removed[table] = total;
  }
  return removed;
}

/** Prunes at start and every hour; one run at a time; the timer does not keep the process alive. */
export function startAuthRetention(
  pool: pg.Pool,
  options: { intervalMs?: number; log?: (message: string, details?: Record<string, unknown>) => void } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pruneExpiredAuthRows(pool)
      .then(
        (removed) => {
          if (Object.keys(removed).length) options.log?.('expired auth rows pruned', { removed });
        },
        (error: unknown) =>
          options.log?.('auth retention failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? AUTH_PRUNE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
