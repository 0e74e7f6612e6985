import type pg from 'pg';
import type { EngineName } from '../database/engine.ts';

/** How often the tables are checked; a check that finds nothing to do reads one catalog view. */
export const TABLE_MAINTENANCE_INTERVAL_MS = 5 * 60 * 1000;
/** The first check after the lock is taken: soon, since a restart may follow a bulk load. */
export const TABLE_MAINTENANCE_FIRST_RUN_MS = 30 * 1000;

/**
 * PostgreSQL's own autovacuum thresholds (autovacuum_vacuum_threshold/scale_factor,
 * autovacuum_analyze_threshold/scale_factor at their defaults): a table is vacuumed when its
 * dead rows pass 50 + 20 % of its rows, analysed when the rows changed since its last ANALYZE
 * pass 50 + 10 %, or when it has rows and was never analysed.
 */
const DUE_TABLES_SQL = `
  select quote_ident(schemaname) || '.' || quote_ident(relname) as name,
         n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
  from pg_catalog.pg_stat_user_tables
  where schemaname = 'public'
    and (n_dead_tup > 50 + 0.2 * n_live_tup
         or n_mod_since_analyze > 50 + 0.1 * n_live_tup
         or (n_live_tup > 0 and last_analyze is null and last_autoanalyze is null))
  order by n_dead_tup + n_mod_since_analyze desc`;

/** How often PGlite's write-ahead log is measured (one catalog function, one turn in the session). */
export const WAL_CHECK_INTERVAL_MS = 30 * 1000;
/** WAL written since the last checkpoint that calls for one: PGlite's max_wal_size (pglite-worker.ts). */
export const CHECKPOINT_AFTER_WAL_BYTES = 64 * 1024 * 1024;
/** And any real writing after this long: PostgreSQL's checkpoint_timeout. */
export const CHECKPOINT_AFTER_MS = 5 * 60 * 1000;
/** Less than this since the last checkpoint is the checkpoint's own record and a few stray writes. */
const CHECKPOINT_MIN_WAL_BYTES = 1024 * 1024;

export interface WalCheck {
  /** WAL written since the last checkpoint's redo point, when measured. */
  walBytes: number;
  checkpointed: boolean;
}

/**
 * PGlite is PostgreSQL as a single-user backend: no checkpointer, so no checkpoint ever happens
 * on its own and `pg_wal` grows with every write until the server stops (272 MB in five minutes
 * of the abuse bench). This does what the checkpointer would: a CHECKPOINT once the WAL since the
 * last one passes `afterBytes`, or `afterMs` has passed with real writes since. The old segments
 * are then recycled within max_wal_size. The CHECKPOINT holds the one session while it writes
 * the dirty buffers (fsync is off in PGlite: writes only).
 */
export async function checkpointIfDue(
  pool: pg.Pool,
  options: { afterBytes?: number; afterMs?: number } = {},
): Promise<WalCheck> {
  const { rows } = await pool.query<{ wal_bytes: string; age_ms: number }>(
    `select (pg_current_wal_insert_lsn() - redo_lsn)::bigint::text as wal_bytes,
            (extract(epoch from clock_timestamp() - checkpoint_time) * 1000)::float8 as age_ms
     from pg_control_checkpoint()`,
  );
  const walBytes = Number(rows[0]?.wal_bytes ?? 0);
  const ageMs = rows[0]?.age_ms ?? 0;
  const due =
    walBytes >= (options.afterBytes ?? CHECKPOINT_AFTER_WAL_BYTES) ||
    (walBytes >= CHECKPOINT_MIN_WAL_BYTES && ageMs >= (options.afterMs ?? CHECKPOINT_AFTER_MS));
  if (due) await pool.query('checkpoint');
  return { walBytes, checkpointed: due };
}

export interface MaintenanceRun {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * Whether this database needs our maintenance: PGlite has no autovacuum at all, and a
 * PostgreSQL may run with it off. Without it the browse index keeps every dead version the
 * trending refresh and imports leave, and the planner has no statistics after a bulk load.
 */
export async function needsTableMaintenance(pool: pg.Pool, engine: EngineName): Promise<boolean> {
  if (engine === 'pglite') return true;
  const { rows } = await pool.query<{ on: boolean }>(
    "select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on",
  );
  return !rows[0]?.on;
}

/** VACUUM (ANALYZE) the tables past the thresholds, ANALYZE those only changed; one at a time. */
export async function maintainTables(pool: pg.Pool): Promise<MaintenanceRun> {
  const run: MaintenanceRun = { vacuumed: [], analyzed: [] };
  const { rows } = await pool.query<{ name: string; vacuum: boolean }>(DUE_TABLES_SQL);
  for (const table of rows) {
    // the name comes quoted from the catalog; VACUUM takes no parameters
    if (table.vacuum) {
      await pool.query(`vacuum (analyze) ${table.name}`);
      run.vacuumed.push(table.name);
    } else {
      await pool.query(`analyze ${table.name}`);
      run.analyzed.push(table.name);
    }
  }
  return run;
}

export interface TableMaintenance {
  runNow(): Promise<MaintenanceRun>;
  stop(): void;
}

/**
 * Vacuums and analyses the tables on a timer when the database does not do it itself
 * (docs/decisions/0042-search-cache-and-maintenance.md), and on PGlite checkpoints the
 * write-ahead log (docs/decisions/0053-health-outside-the-queue.md). One run at a time; a failure is logged
 * and the next tick tries again; the timers do not keep the process alive.
 */
export function startTableMaintenance(
  pool: pg.Pool,
  engine: EngineName,
  options: {
    intervalMs?: number;
    firstRunMs?: number;
    walCheckMs?: number;
    /** WAL since the last checkpoint that calls for one (CHECKPOINT_AFTER_WAL_BYTES unless told). */
    checkpointAfterBytes?: number;
    log?: (message: string, details?: Record<string, unknown>) => void;
  } = {},
): TableMaintenance {
  let running: Promise<MaintenanceRun> | undefined;
  const runNow = () => {
    running ??= (async () => {
      if (!(await needsTableMaintenance(pool, engine))) return { vacuumed: [], analyzed: [] };
      return maintainTables(pool);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = () => {
    runNow().then(
      (run) => {
        if (run.vacuumed.length + run.analyzed.length > 0) options.log?.('tables maintained', { ...run });
      },
      (error: unknown) =>
        options.log?.('table maintenance failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const first = setTimeout(tick, options.firstRunMs ?? TABLE_MAINTENANCE_FIRST_RUN_MS);
  first.unref();
  const timer = setInterval(tick, options.intervalMs ?? TABLE_MAINTENANCE_INTERVAL_MS);
  timer.unref();
  // PostgreSQL checkpoints by itself; PGlite never does (checkpointIfDue)
  let checking = false;
  const checkWal = () => {
    if (checking) return;
    checking = true;
    checkpointIfDue(pool, { afterBytes: options.checkpointAfterBytes })
      .then(
        (check) => {
          if (check.checkpointed) options.log?.('checkpoint', { wal_mb: Math.round(check.walBytes / 1e6) });
        },
        (error: unknown) =>
          options.log?.('checkpoint failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => (checking = false));
  };
  const walTimer = engine === 'pglite' ? setInterval(checkWal, options.walCheckMs ?? WAL_CHECK_INTERVAL_MS) : undefined;
  walTimer?.unref();
  return {
    runNow,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
      clearInterval(walTimer);
    },
  };
}
