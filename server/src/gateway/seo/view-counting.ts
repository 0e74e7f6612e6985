import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';

export const VISITOR_HEADER = 'x-sciai-visitor';
const RECORD_VIEW_PATH = '/rest/v1/rpc/record_item_view';

/**
 * Views count once per visitor per item per day (record_item_view in SQL). The visitor is an
 * HMAC of address, user agent and UTC day under the JWT secret: stable for a day, unlinkable
 * across days, never an address in the database. Whatever a client sends in the header is
 * dropped. Bots (and requests without a user agent) get 204 and never reach the database.
 */
export function registerViewCounting(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/rest/')) return;
    delete request.headers[VISITOR_HEADER];
    const pathname = (request.url.split('?')[0] ?? '')
      .replace(/\/{2,}/g, '/')
      .replace(/\/$/, '')
      .toLowerCase();
    if (pathname !== RECORD_VIEW_PATH) return;

    const userAgent = request.headers['user-agent'] ?? '';
    if (!userAgent.trim() || isbot(userAgent)) return reply.code(204).header('cache-control', 'no-store').send();
    request.headers[VISITOR_HEADER] = visitorHash(secret, request.ip, userAgent, new Date());
  });
}

export function visitorHash(secret: string, ip: string, userAgent: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return createHmac('sha256', secret).update(`${ip}\n${userAgent}\n${day}`).digest('hex');
}
