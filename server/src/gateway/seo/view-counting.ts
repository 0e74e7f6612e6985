import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { clientKey } from '../../auth/rate-limits.ts';
import { normalisedPath } from '../../security/normalised-path.ts';

export const VISITOR_HEADER = 'x-sciai-visitor';
const RECORD_VIEW_PATH = '/rest/v1/rpc/record_item_view';

/**
 * Views count once per visitor per item per day (record_item_view in SQL). The visitor is an
 * HMAC of the address (an IPv6 /64 as one) and UTC day under the JWT secret: stable for a day,
 * unlinkable across days, never an address in the database. The user agent is no part of it, as
 * a client changes it at will. Whatever a client sends in the header is dropped. Bots (and
 * requests without a user agent) get 204 and never reach the database. The path is matched as
 * PostgREST will resolve it (normalised-path.ts), so no spelling of it skips either rule.
 */
export function registerViewCounting(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = normalisedPath(request.url);
    if (!pathname.startsWith('/rest/')) return;
    delete request.headers[VISITOR_HEADER];
    if (pathname !== RECORD_VIEW_PATH) return;

    const userAgent = request.headers['user-agent'] ?? '';
    if (!userAgent.trim() || isbot(userAgent)) return reply.code(204).header('cache-control', 'no-store').send();
    request.headers[VISITOR_HEADER] = visitorHash(secret, request.ip, new Date());
  });
}

export function visitorHash(secret: string, ip: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return createHmac('sha256', secret)
    .update(`${clientKey(ip)}\n${day}`)
    .digest('hex');
}
