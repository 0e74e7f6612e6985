import type pg from 'pg';
import { ENRICH_SOURCES, rpcEnrichStore, runEnrich, type EnrichProgress, type RpcCall } from '@sciai/core/enrich';
import { enrichSettings } from './enrich-settings.ts';

type Log = (message: string, details?: Record<string, unknown>) => void;

/** How often the job looks for re-checks asked from /admin/catalog-health. */
const RECHECK_POLL_MS = 30_000;
/** How often it asks whether the scheduled run is due (the last one is in enrich_runs). */
const SCHEDULE_POLL_MS = 60 * 60 * 1000;

/** Typed casts of the enrich functions' arguments, so a pg pool can call them by name. */
const ARGUMENT_TYPES: Record<string, string> = {
  sources: 'text[]',
  origin: 'text',
  stale_seconds: 'integer',
  max_items: 'integer',
  after_id: 'uuid',
  only_requested: 'boolean',
  run_id: 'uuid',
  results: 'jsonb',
  requests: 'integer',
  not_modified: 'integer',
  error: 'text',
  urls: 'text[]',
  entries: 'jsonb',
};

/** The enrich functions of 12_signals.sql called over a pg pool (named arguments, one statement each). */
export function pgRpcCall(pool: pg.Pool): RpcCall {
  return async (fn, args) => {
    if (!/^[a-z_]+$/.test(fn)) throw new Error(`Not a function name: ${fn}`);
    const names = Object.keys(args);
    const values = names.map((name) => {
      const value = args[name];
      return ARGUMENT_TYPES[name] === 'jsonb' ? JSON.stringify(value) : value;
    });
    const list = names.map((name, index) => {
      const type = ARGUMENT_TYPES[name];
      if (!type) throw new Error(`Unknown argument ${name}`);
      return `${name} => $${index + 1}::${type}`;
    });
    const { rows } = await pool.query<{ result: unknown }>(`select public.${fn}(${list.join(', ')}) as result`, values);
    return rows[0]?.result;
  };
}

/** One run over the database behind the pool, with the environment's sources and limits. */
export async function enrichDatabase(
  pool: pg.Pool,
  options: { env?: Record<string, string | undefined>; origin: 'schedule' | 'recheck'; onlyRequested?: boolean },
): Promise<EnrichProgress> {
  const settings = enrichSettings(options.env ?? process.env);
  try {
    return await runEnrich({
      store: rpcEnrichStore(pgRpcCall(pool)),
      fetch: settings.fetch,
      linkFetch: settings.linkFetch,
      sources: [...ENRICH_SOURCES],
      staleSeconds: options.onlyRequested ? 0 : settings.staleSeconds,
      origin: options.origin,
      onlyRequested: options.onlyRequested,
      baseUrls: settings.baseUrls,
      githubToken: settings.githubToken,
      openalexMailto: settings.mailto,
      vetLink: settings.vetLink,
    });
  } finally {
    await settings.close();
  }
}

/** ENRICH_INTERVAL_HOURS: hours between scheduled runs (24 by default; 0 turns the schedule off). */
export function parseEnrichIntervalHours(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 24;
  const hours = Number(value);
  return Number.isFinite(hours) && hours >= 0 ? hours : 24;
}

/**
 * The scheduled enrich (on the server holding the job lock): a full run when the last scheduled
 * one is older than the interval, asked every hour (so a server restarted daily still runs it),
 * and the re-checks staff ask for, every 30 seconds. One run at a time.
 */
export function startEnrichJob(
  pool: pg.Pool,
  options: { intervalHours: number; log?: Log; env?: Record<string, string | undefined> },
): { stop(): void } {
  const log = options.log ?? (() => {});
  let running = false;
  const run = async (origin: 'schedule' | 'recheck') => {
    if (running) return;
    running = true;
    try {
      if (origin === 'schedule') {
        const { rows } = await pool.query<{ due: boolean }>(
          `select not exists (select 1 from public.enrich_runs where origin = 'schedule'
             and started_at > now() - make_interval(secs => $1::double precision)) as due`,
          [options.intervalHours * 3600],
        );
        if (!rows[0]?.due) return;
      } else {
        // Staff's requests only: `sciai enrich --item` queues its items (requested by no user) and
        // checks them itself, with its own settings; taking them here too raced it, and a server
        // without the CLI's ENRICH_LINK_ALLOW_HOSTS stored the same link as refused.
        const { rows } = await pool.query(
          'select 1 from public.enrich_requests where requested_by is not null limit 1',
        );
        if (rows.length === 0) return;
      }
      const progress = await enrichDatabase(pool, {
        env: options.env,
        origin,
        onlyRequested: origin === 'recheck',
      });
      log('enrich run finished', { origin, items: progress.items, updated: progress.updated, failed: progress.failed });
    } catch (error) {
      log('enrich run failed', { origin, error: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  const timers: NodeJS.Timeout[] = [];
  if (options.intervalHours > 0) {
    // The first look an hour after taking the lock: a server that restarts does not hammer the sources.
    const schedule = setInterval(() => void run('schedule'), SCHEDULE_POLL_MS);
    schedule.unref();
    timers.push(schedule);
  }
  const rechecks = setInterval(() => void run('recheck'), RECHECK_POLL_MS);
  rechecks.unref();
  timers.push(rechecks);
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}
