import type pg from 'pg';
import { FIRST_YEAR, searchParamsToFilters, searchText, yearBounds } from '@sciai/core';

/** How often new items are matched and digests written when NOTIFICATION_POLL_SECONDS is unset. */
export const DEFAULT_NOTIFICATION_POLL_MS = 15_000;
/** Items per transaction: a harvest's thousand items are told in a few short transactions. */
const NEW_ITEMS_BATCH = 500;
/** Users per digest transaction. */
const DIGEST_USERS_BATCH = 500;
/** Saved searches read per call of searches_without_plan. */
const PLANS_BATCH = 1000;
/** A pass stops after this many batches of a kind; the next pass goes on. */
const MAX_BATCHES = 500;

export interface NotificationPass {
  plans: number;
  items: number;
  notifications: number;
  digests: number;
}

/**
 * A followed saved search as search_items' arguments (saved_search_plans), read by the browse
 * page's own URL codec. Years: only a bound the address names (a search saved this year keeps
 * finding next year's items), and a lower bound at the slider's first stop means none.
 */
export function searchPlanOf(searchQuery: string, currentYear: number): Record<string, unknown> {
  const params = new URLSearchParams(searchQuery);
  const { filters } = searchParamsToFilters(params, currentYear);
  const { from, to } = yearBounds(filters);
  return {
    search_query: searchQuery,
    search: searchText(filters),
    domains: filters.domains,
    content_types: filters.contentTypes,
    features: filters.features,
    organization_sizes: filters.organizationSizes,
    year_from: params.has('year_from') && from !== null && from > FIRST_YEAR ? from : null,
    year_to: params.has('year_to') ? to : null,
    health: filters.health,
    operations: filters.operations,
    input_data: filters.inputData,
  };
}

/**
 * One pass of the notification engine (docs/product.md#notifications): plans for newly followed
 * searches, then the queued new items in batches (notify_new_items), then the digests that are
 * due (write_notification_digests). Each batch is its own transaction.
 */
export async function runNotificationPass(pool: pg.Pool, now = new Date()): Promise<NotificationPass> {
  const pass: NotificationPass = { plans: 0, items: 0, notifications: 0, digests: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { rows } = await pool.query<{ query: string }>('select q as query from public.searches_without_plan($1) q', [
      PLANS_BATCH,
    ]);
    if (rows.length === 0) break;
    const plans = rows.map((row) => searchPlanOf(row.query, now.getUTCFullYear()));
    await pool.query('select public.save_search_plans($1::jsonb)', [JSON.stringify(plans)]);
    pass.plans += rows.length;
    if (rows.length < PLANS_BATCH) break;
  }
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { rows } = await pool.query<{ result: { items: number; notifications: number } }>(
      'select public.notify_new_items($1) as result',
      [NEW_ITEMS_BATCH],
    );
    const result = rows[0]?.result;
    if (!result || result.items === 0) break;
    pass.items += result.items;
    pass.notifications += result.notifications;
  }
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { rows } = await pool.query<{ result: { digests: number; users: number } }>(
      'select public.write_notification_digests($1) as result',
      [DIGEST_USERS_BATCH],
    );
    pass.digests += rows[0]?.result.digests ?? 0;
    if ((rows[0]?.result.users ?? 0) < DIGEST_USERS_BATCH) break;
  }
  return pass;
}

/** Runs a pass at start and then every intervalMs, one at a time; the timer does not keep the process alive. */
export function startNotificationJob(
  pool: pg.Pool,
  options: { intervalMs?: number; log?: (message: string, details?: Record<string, unknown>) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running = runNotificationPass(pool)
      .then(
        (pass) => {
          if (pass.items > 0 || pass.digests > 0 || pass.plans > 0) options.log?.('notifications made', { ...pass });
        },
        (error: unknown) =>
          options.log?.('notification pass failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = undefined;
        // after each pass rather than on an interval: a long pass never piles passes up
        if (!stopped) {
          timer = setTimeout(run, options.intervalMs ?? DEFAULT_NOTIFICATION_POLL_MS);
          timer.unref();
        }
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
