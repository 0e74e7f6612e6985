import type pg from 'pg';
import {
  parseJobLockRetry,
  parseNotificationPoll,
  parseNotificationRetentionDays,
  parseSearchCacheMaxMb,
  type ServerConfig,
} from './config.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir/lock.ts';
import { loadOrCreateSecrets, type Secrets } from './data-dir/secrets.ts';
import { connectionStringAs, openPglite, openPostgres, type Database } from './database/engine.ts';
import { prepareDatabase, withSchemaLock } from './database/prepare.ts';
import { startPostgrest, type PostgrestProcess } from './postgrest/postgrest.ts';
import { catalogIsEmpty, loadSourcedCatalog } from './seed/load-catalog.ts';
import { readDefaultCatalog } from './seed/catalog-files.ts';
import { startStaleImportSweeper } from './import-sweep/stale-import-batches.ts';
import { startTrendingRefresher } from './trending/trending-refresher.ts';
import { startScheduledJobs, type ScheduledJobs } from './jobs/scheduled-jobs.ts';
import { parseEnrichIntervalHours, startEnrichJob } from './enrich/enrich-job.ts';
import { startTableMaintenance } from './maintenance/table-maintenance.ts';
import { setSearchCacheBound } from './maintenance/search-cache-bound.ts';
import { parseLogRetentionDays, startLogRetention } from './retention/log-retention.ts';
import { startAuthRetention } from './retention/auth-retention.ts';
import { startNotificationRetention } from './retention/notification-retention.ts';
import { startNotificationJob } from './notifications/notification-jobs.ts';

/** The embedded Supabase minus its HTTP front: database, schema, Data API and keys. */
export interface Backend {
  /** The data directory: secrets, the PGlite files, the dev mailbox. */
  readonly dataDir: string;
  readonly db: Database;
  readonly secrets: Secrets;
  readonly postgrest: PostgrestProcess;
  readonly lock: DataDirLock | undefined;
  /**
   * The timers that run on one server per database (jobs/scheduled-jobs.ts); undefined without
   * background jobs. The gateway adds its outbox mailer here.
   */
  readonly jobs: ScheduledJobs | undefined;
  /** Migrations applied by this start (empty when the database was current). */
  readonly appliedMigrations: string[];
  /** Apply new migrations and refresh PostgREST's schema cache. */
  migrate(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface BackendOptions {
  /** Load the catalog into an empty catalog (default true). */
  seedSampleCatalog?: boolean;
  /** Timers that keep derived data fresh (trending); off for a one-shot CLI command. */
  backgroundJobs?: boolean;
  /** Days security events and other log rows are kept; default LOG_RETENTION_DAYS, else 90. */
  logRetentionDays?: number;
  /** How often a server without the job lock tries to take it; default JOB_LOCK_RETRY_SECONDS, else 5 s. */
  jobLockRetryMs?: number;
  /** The most the search cache may hold, in MiB; default SEARCH_CACHE_MAX_MB, else 64. */
  searchCacheMaxMb?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export async function startBackend(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: BackendOptions = {},
): Promise<Backend> {
  const log = options.log ?? (() => {});
  // PGlite's files belong to one process; PostgreSQL arbitrates its own clients.
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const cleanup: Array<() => Promise<void>> = [async () => lock?.release()];
  const unwind = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  };
  try {
    const secrets = await loadOrCreateSecrets(config.dataDir);
    const db = await openDatabase(config, secrets);
    cleanup.push(() => db.close());
    log('database open', { engine: db.engine });

    const appliedMigrations = await prepareDatabase(db.pool, secrets.authenticatorPassword, { log });
    if (appliedMigrations.length) log('migrations applied', { migrations: appliedMigrations });
    await setSearchCacheBound(
      db.pool,
      options.searchCacheMaxMb ?? parseSearchCacheMaxMb(process.env.SEARCH_CACHE_MAX_MB),
    );

    // Under the schema lock: two servers starting together on a new database load it once.
    if (options.seedSampleCatalog ?? true) {
      await withSchemaLock(db.pool, async () => {
        if (!(await catalogIsEmpty(db.pool))) return;
        const result = await loadSourcedCatalog(db.pool, readDefaultCatalog());
        log('catalog loaded', { ...result });
      });
    }

    const postgrest = await startPostgrest({
      dbUri: connectionStringAs(db.connectionString, 'authenticator', secrets.authenticatorPassword),
      jwtSecret: secrets.jwtSecret,
      sharedSession: db.engine === 'pglite',
      // named as the child process it comes from, one whole line each (logging/child-output.ts)
      log: (line) => log(line, { child: 'postgrest' }),
    });
    cleanup.push(() => postgrest.stop());
    // The scheduled jobs run on the one server holding the job lock, never on a request.
    let jobs: ScheduledJobs | undefined;
    if (options.backgroundJobs ?? true) {
      const retentionDays = options.logRetentionDays ?? parseLogRetentionDays(process.env.LOG_RETENTION_DAYS);
      const retryMs = options.jobLockRetryMs ?? parseJobLockRetry(process.env.JOB_LOCK_RETRY_SECONDS);
      jobs = startScheduledJobs({ connectionString: db.connectionString, log, retryMs });
      cleanup.push(() => jobs!.stop());
      // Old views and saves fade from the trending scores.
      jobs.add({ name: 'trending', start: () => startTrendingRefresher(db.pool, { log }) });
      // import batches left by a closed tab or a killed CLI never linger (see the module)
      jobs.add({ name: 'stale-import-sweep', start: () => startStaleImportSweeper(db.pool, { log }) });
      jobs.add({ name: 'log-retention', start: () => startLogRetention(db.pool, { retentionDays, log }) });
      // ended sessions, used refresh tokens, expired links and codes, stale MFA challenges
      jobs.add({ name: 'auth-retention', start: () => startAuthRetention(db.pool, { log }) });
      // PGlite has no autovacuum, and a PostgreSQL may run without it: dead rows and statistics
      jobs.add({ name: 'table-maintenance', start: () => startTableMaintenance(db.pool, db.engine, { log }) });
      // current facts about items from GitHub, OpenAlex, Crossref, the Hub, and link health
      const enrichIntervalHours = parseEnrichIntervalHours(process.env.ENRICH_INTERVAL_HOURS);
      jobs.add({ name: 'enrich', start: () => startEnrichJob(db.pool, { intervalHours: enrichIntervalHours, log }) });
      // docs/product.md#notifications: new items told to their followers, digests written
      const notificationPollMs = parseNotificationPoll(process.env.NOTIFICATION_POLL_SECONDS);
      jobs.add({
        name: 'notifications',
        start: () => startNotificationJob(db.pool, { intervalMs: notificationPollMs, log }),
      });
      const notificationDays = parseNotificationRetentionDays(process.env.NOTIFICATION_RETENTION_DAYS);
      jobs.add({
        name: 'notification-retention',
        start: () => startNotificationRetention(db.pool, { retentionDays: notificationDays, log }),
      });
    }

    return {
      dataDir: config.dataDir,
      db,
      secrets,
      postgrest,
      lock,
      jobs,
      appliedMigrations,
      async migrate() {
        const applied = await prepareDatabase(db.pool, secrets.authenticatorPassword, { log });
        if (applied.length) await postgrest.reloadSchema();
        return applied;
      },
      stop: unwind,
    };
  } catch (error) {
    await unwind();
    throw error;
  }
}

export async function pingDatabase(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  await pool.query('select 1');
  return performance.now() - started;
}

/** The data directory's PGlite, or the PostgreSQL of DATABASE_URL. */
function openDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>, secrets: Secrets): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(`${config.dataDir}/pglite`, {
        postgres: secrets.databasePassword,
        authenticator: secrets.authenticatorPassword,
      });
}

/**
 * What a start does to the database and no more: under the data directory's lock (PGlite), the
 * bootstrap and the migrations not yet applied; no Data API, no jobs. Resolves to the migrations it
 * applied. For `sciai db migrate` on a database no server holds, which starting PostgREST (and
 * waiting for its schema cache) only to stop it again made seconds slower.
 */
export async function migrateDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: Pick<BackendOptions, 'log'> = {},
): Promise<string[]> {
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  try {
    const secrets = await loadOrCreateSecrets(config.dataDir);
    const db = await openDatabase(config, secrets);
    try {
      return await prepareDatabase(db.pool, secrets.authenticatorPassword, { log: options.log });
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}
