import type { FastifyInstance, FastifyRequest } from 'fastify';
import { classifyStatus, hashClientAddress, isMonitoredApiPath, pathOf } from './security-event.ts';
import type { RateLimitMonitoring } from './api-rate-limit.ts';

/**
 * Records the APIs' refusals (401, 403, 429 from /rest/v1 and /auth/v1) once the answer has
 * gone out: onResponse runs after the client has its bytes, and record() only queues.
 */
export function registerResponseMonitor(app: FastifyInstance, monitoring: RateLimitMonitoring): void {
  // The address is read on arrival: by onResponse the socket may be gone, and with it request.ip.
  const addresses = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request) => {
    if (isMonitoredApiPath(request.url)) addresses.set(request, request.ip);
  });
  app.addHook('onResponse', async (request, reply) => {
    const kind = classifyStatus(reply.statusCode);
    if (!kind || !isMonitoredApiPath(request.url)) return;
    try {
      const { actor, userId } = await monitoring.resolveUser(request);
      monitoring.recorder.record({
        ...kind,
        actor,
        userId,
        path: pathOf(request.url),
        method: request.method,
        clientHash: hashClientAddress(monitoring.secret, addresses.get(request)),
        details: { status: reply.statusCode },
      });
    } catch (error) {
      request.log.error({ err: error, event_type: 'security_logging_failure' }, 'could not classify a refused request');
    }
  });
}
