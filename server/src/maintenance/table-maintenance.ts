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
 * (docs/decisions/0042-search-cache-and-maintenance.md). One run at a time; a failure is logged
 * and the next tick tries again; the timers do not keep the process alive.
 */
export function startTableMaintenance(
  pool: pg.Pool,
  engine: EngineName,
  options: {
    intervalMs?: number;
    firstRunMs?: number;
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
  return {
    runNow,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
