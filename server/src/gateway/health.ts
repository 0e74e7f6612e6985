import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Backend } from '../backend.ts';
import { registerAdminStatus } from './admin-status.ts';

/** How long /healthz waits for PGlite's thread: a statement running longer is a hung database. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * 200 when the database and PostgREST both answer; 503 naming what does not. Neither check
 * waits in the visitors' queue for PGlite's one session: the database is asked directly (its
 * thread, or a `select 1` on PostgreSQL's own connections), PostgREST by its process, its HTTP
 * server and its latest answers (docs/decisions/0053-health-outside-the-queue.md).
 */
export function registerHealth(app: FastifyInstance, backend: Backend | undefined): void {
  // How long the gateway's event loop has been kept waiting since start: a stall here delays
  // every request, so operators (and the benchmarks) watch it.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // start-up (reading the build, compiling templates) is not serving: count from when ready
  app.addHook('onReady', async () => loopDelay.reset());
  app.addHook('onClose', async () => loopDelay.disable());
  const eventLoop = () => ({
    p99_ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
    max_ms: Number((loopDelay.max / 1e6).toFixed(1)),
  });

  // the admin dashboard's details (engine, data directory, pending migrations), admins only
  if (backend) registerAdminStatus(app, backend);

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!backend) return { status: 'ok', backend: 'hosted', event_loop: eventLoop() };
    const db = backend.db;
    const [database, postgrest] = await Promise.allSettled([
      // PGlite: its thread answers between two statements, not after the queued queries
      db.probe
        ? db.failure
          ? Promise.reject(new Error(db.failure))
          : db.probe(PROBE_TIMEOUT_MS).then(({ latencyMs, waiting, turnMs }) => ({
              latency_ms: Number(latencyMs.toFixed(2)),
              // the session's queue, for an operator reading a slow answer
              waiting,
              turn_ms: turnMs,
            }))
        : withinTime(pingDatabase(db.pool), PROBE_TIMEOUT_MS, 'the database did not answer').then((latencyMs) => ({
            latency_ms: Number(latencyMs.toFixed(2)),
          })),
      backend.postgrest.health(),
    ]);
    const stopped = backend.db.failure;
    const postgrestOk = postgrest.status === 'fulfilled' && postgrest.value.ok;
    const healthy = !stopped && database.status === 'fulfilled' && postgrestOk;
    return reply.code(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'unavailable',
      database: stopped
        ? { ok: false, engine: backend.db.engine, error: stopped }
        : database.status === 'fulfilled'
          ? { ok: true, engine: backend.db.engine, ...database.value }
          : { ok: false, engine: backend.db.engine, error: String(database.reason) },
      postgrest: postgrest.status === 'fulfilled' ? postgrest.value : { ok: false, error: String(postgrest.reason) },
      event_loop: eventLoop(),
    });
  });
}

/** The promise, or a rejection after `ms`: a health check answers even when what it asks does not. */
function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
