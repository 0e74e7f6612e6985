import type pg from 'pg';

/** How often every trending score is recomputed (docs/decisions/0007-trending-score.md). */
export const TRENDING_REFRESH_INTERVAL_MS = 10 * 60 * 1000;

export interface TrendingRefresher {
  /** Recompute now; resolves to the number of items whose score moved. */
  refreshNow(): Promise<number>;
  stop(): void;
}

/** Runs refresh_trending_scores() in the database; saves and views update scores as they happen. */
export async function refreshTrendingScores(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ changed: number }>('select public.refresh_trending_scores() as changed');
  return rows[0]?.changed ?? 0;
}

/**
 * Decays the trending scores on a timer, off the request path. Saves and views add their weight
 * on write; this pass lets old activity fade. A run never overlaps the previous one, a failure
 * is logged and the next tick tries again, and the timer does not keep the process alive.
 */
export function startTrendingRefresher(
  pool: pg.Pool,
  options: { intervalMs?: number; log?: (message: string, details?: Record<string, unknown>) => void } = {},
): TrendingRefresher {
  let running: Promise<number> | undefined;
  const refreshNow = () => {
    running ??= refreshTrendingScores(pool).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    refreshNow().then(
      (changed) => options.log?.('trending scores refreshed', { changed }),
      (error: unknown) =>
        options.log?.('trending refresh failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  }, options.intervalMs ?? TRENDING_REFRESH_INTERVAL_MS);
  timer.unref();
  return { refreshNow, stop: () => clearInterval(timer) };
}
