import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * A call from this machine that no proxy forwarded: the CLI, health checks, test suites and
 * benchmarks. Rate limits count client addresses, and these are not clients. A reverse proxy
 * in front of the gateway must set X-Forwarded-For, or every visitor would look like this.
 */
export function isUnforwardedLocal(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined) return false;
  const address = request.ip;
  if (isIP(address) === 0) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
