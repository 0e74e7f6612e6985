import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/rate-limit';
import { clientKey } from '../auth/rate-limits.ts';
import { apiKeyGuard } from './api-key-guard.ts';
import { sendTooManyRequests } from './api-rate-limit.ts';
import { hashClientAddress } from './security-event.ts';
import { parseSuspiciousInputReport } from './suspicious-input-report.ts';
import type { RateLimitMonitoring } from './api-rate-limit.ts';

export const SECURITY_EVENTS_PATH = '/security/v1/events';
/** A report is a few hundred bytes; anything bigger is not one. */
export const MAX_REPORT_BYTES = 2 * 1024;
/** The browser sends at most a few a minute (web/src/security); more is noise or an attack. */
export const REPORTS_PER_MINUTE = 10;

/**
 * POST /security/v1/events: the one way a browser writes to the security log. It needs the
 * project's API key, takes at most MAX_REPORT_BYTES, and REPORTS_PER_MINUTE per client address
 * (checked before the body is read; this machine's own calls count too: nothing local reports).
 */
export function registerSecurityEventsEndpoint(
  app: FastifyInstance,
  monitoring: RateLimitMonitoring,
  apiKeys: string[],
): void {
  const limit = app.createRateLimit({
    max: REPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `security-report:${clientKey(request.ip)}`,
  });

  app.post(SECURITY_EVENTS_PATH, {
    bodyLimit: MAX_REPORT_BYTES,
    onRequest: async (request, reply) => {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded)
        return sendTooManyRequests(request, reply, Math.max(1, state.ttlInSeconds));
    },
    preHandler: apiKeyGuard(apiKeys),
    handler: async (request, reply) => {
      const report = parseSuspiciousInputReport(request.body);
      if (typeof report === 'string')
        return reply.code(400).send({ message: 'Not a security report.', details: report });
      const { actor, userId } = await monitoring.resolveUser(request);
      monitoring.recorder.record({
        eventType: 'suspicious_input',
        severity: 'medium',
        actor,
        userId,
        path: report.page,
        method: undefined,
        clientHash: hashClientAddress(monitoring.secret, request.ip),
        details: {
          patterns: report.patterns,
          sample: report.sample,
          field: report.field ?? null,
          source: 'input_watcher',
        },
      });
      return reply.code(202).header('cache-control', 'no-store').send({ recorded: true });
    },
  });
}
