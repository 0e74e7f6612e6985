import type { FastifyRequest } from 'fastify';
import { createTokenVerifier } from '../../security/verified-tokens.ts';
import type { CallerRole } from './route-limits.ts';

/**
 * The database role PostgREST will run a request as: the `role` claim of the bearer token when
 * this project signed it, else anon (no token; a forged, expired or foreign one is refused by
 * PostgREST anyway, and until then it gets the strictest limits).
 */
export function createCallerRoleResolver(jwtSecret: string): (request: FastifyRequest) => Promise<CallerRole> {
  const verify = createTokenVerifier(jwtSecret);
  return async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : '';
    if (!token) return 'anon';
    try {
      const payload = await verify(token);
      return payload.role === 'service_role' || payload.role === 'authenticated' ? payload.role : 'anon';
    } catch {
      return 'anon';
    }
  };
}
