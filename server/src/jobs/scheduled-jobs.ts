import pg from 'pg';
import { DEFAULT_JOB_LOCK_RETRY_MS } from '../config.ts';

/**
 * The advisory lock whose holder runs the scheduled jobs (trending decay, the outbox mailer,
 * the stale import sweep, log and auth retention, ...). Advisory locks belong to one database, so
 * servers on different databases of one PostgreSQL never compete. Next to SCHEMA_LOCK_KEY (bootstrap.ts).
 */
export const SCHEDULED_JOBS_LOCK_KEY = 7_412_093_002;
/** A lock query that takes longer means the connection is gone: drop it, and with it the lock. */
const LOCK_QUERY_TIMEOUT_MS = 10_000;

export interface ScheduledJob {
  readonly name: string;
  /** Starts the job's timer; called when this server takes the lock. */
  start(): { stop(): void | Promise<void> };
}

export interface ScheduledJobs {
  /** Whether this server holds the lock and runs the jobs now. */
  readonly leading: boolean;
  /** Registers a job: it runs whenever this server holds the lock. Returns its removal. */
  add(job: ScheduledJob): () => Promise<void>;
  /** Stops the jobs and closes the lock connection (which releases the lock). */
  stop(): Promise<void>;
}

type Log = (message: string, details?: Record<string, unknown>) => void;

/**
 * Runs the scheduled jobs on exactly one server per database (docs/decisions/0035-scheduled-jobs-lock.md).
 * A dedicated connection takes a session-level pg_try_advisory_lock; the server that gets it
 * starts the jobs and keeps the connection open, the others try again every few seconds. When the
 * holder dies (kill -9 closes its socket) or its connection breaks, PostgreSQL ends the session
 * and the lock is free for the next try of another server; the holder itself stops its jobs as
 * soon as it sees its connection fail. The session's TCP keepalives are short, so a holder whose
 * machine vanished without closing its socket loses the lock within about half a minute.
 *
 * On PGlite every connection shares the one session, so the lock is always granted: the same
 * code path with one server per data directory (data-dir/lock.ts).
 */
export function startScheduledJobs(options: { connectionString: string; log?: Log; retryMs?: number }): ScheduledJobs {
  const log = options.log ?? (() => {});
  // how often a server without the lock tries again, and the holder checks its connection
  const retryMs = options.retryMs ?? DEFAULT_JOB_LOCK_RETRY_MS;
  const jobs = new Set<ScheduledJob>();
  const running = new Map<ScheduledJob, { stop(): void | Promise<void> }>();
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;

  const startJob = (job: ScheduledJob) => {
    try {
      running.set(job, job.start());
    } catch (error) {
      log('scheduled job failed to start', { job: job.name, error: messageOf(error) });
    }
  };
  const stopJob = async (job: ScheduledJob) => {
    const handle = running.get(job);
    running.delete(job);
    await Promise.resolve(handle?.stop()).catch(() => {});
  };
  const stopAll = async () => {
    await Promise.all([...running.keys()].map(stopJob));
  };

  /** The lock connection failed or closed: whatever we held is gone, so stop the jobs at once. */
  const lose = (reason: string) => {
    const lost = client;
    client = undefined;
    lost?.removeAllListeners('end');
    lost?.on('error', () => {});
    void lost?.end().catch(() => {});
    if (!leading) return;
    leading = false;
    log('scheduled jobs stopped: the job lock was lost', { reason, pid: process.pid });
    void stopAll();
  };

  const connect = async (): Promise<pg.Client> => {
    const connection = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'sciai scheduled jobs',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: LOCK_QUERY_TIMEOUT_MS,
    });
    connection.on('error', (error: Error) => {
      if (client === connection) lose(error.message);
    });
    connection.on('end', () => {
      if (client === connection) lose('connection closed');
    });
    try {
      await connection.connect();
      // PostgreSQL ends this session (and frees the lock) when the holder's machine goes silent.
      await connection.query(
        "select set_config('tcp_keepalives_idle', '10', false), set_config('tcp_keepalives_interval', '5', false), set_config('tcp_keepalives_count', '3', false)",
      );
    } catch (error) {
      connection.on('error', () => {});
      await connection.end().catch(() => {});
      throw error;
    }
    return connection;
  };

  const tryOnce = async () => {
    try {
      client ??= await connect();
      if (leading) {
        await client.query('select 1'); // the connection that holds the lock is still there
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        SCHEDULED_JOBS_LOCK_KEY,
      ]);
      if (!rows[0]?.locked || stopped) return;
      leading = true;
      log('scheduled jobs started: this server holds the job lock', {
        pid: process.pid,
        jobs: [...jobs].map((job) => job.name),
      });
      for (const job of jobs) startJob(job);
    } catch (error) {
      if (client) lose(messageOf(error));
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      attempt = tryOnce().finally(() => {
        attempt = undefined;
        schedule();
      });
    }, retryMs);
    timer.unref();
  };
  attempt = tryOnce().finally(() => {
    attempt = undefined;
    schedule();
  });

  return {
    get leading() {
      return leading;
    },
    add(job) {
      jobs.add(job);
      if (leading) startJob(job);
      return async () => {
        jobs.delete(job);
        await stopJob(job);
      };
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      leading = false;
      await stopAll();
      const last = client;
      client = undefined;
      last?.removeAllListeners('end');
      await last?.end().catch(() => {});
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
