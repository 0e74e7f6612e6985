import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Backend } from '../backend.ts';
import type { RateLimitMonitoring } from './api-rate-limit.ts';
import { SecurityEventRecorder } from './event-recorder.ts';
import { createPgEventWriter } from './pg-event-writer.ts';
import { createUserResolver } from './request-user.ts';

/**
 * The shared counter store for several gateways. Commands fail fast when Redis is away (one
 * retry), and the rate-limit plugin then lets requests through (skipOnError): an outage of the
 * counters must not take the site down; it is logged.
 */
export function connectRedis(url: string, app: FastifyInstance): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    app.log.error({ err: error.message }, 'Redis for rate limits is unavailable; requests are not being counted');
  });
  redis.on('ready', () => {
    reported = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** The security log for a gateway with an embedded backend: writes over its owner connection. */
export function createMonitoring(app: FastifyInstance, backend: Backend): RateLimitMonitoring {
  const recorder = new SecurityEventRecorder({
    write: createPgEventWriter(backend.db.pool),
    log: app.log.child({ service: 'security' }),
  });
  // Queued events are written before the backend (and its pool) stops.
  app.addHook('onClose', async () => recorder.flush());
  return { recorder, secret: backend.secrets.jwtSecret, resolveUser: createUserResolver(backend.secrets.jwtSecret) };
}
