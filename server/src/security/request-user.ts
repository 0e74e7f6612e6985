import type { FastifyRequest } from 'fastify';
import { AccessTokens } from '../auth/tokens.ts';
import type { SecurityActor } from './security-event.ts';

export interface RequestUser {
  actor: SecurityActor;
  userId: string | undefined;
}

/**
 * Who sent a request, for the security log: a signed-in user when the bearer token is a valid
 * user JWT of this project, else anonymous (the anon key, no token, or a forged one).
 */
export function createUserResolver(jwtSecret: string): (request: FastifyRequest) => Promise<RequestUser> {
  const tokens = new AccessTokens(jwtSecret, 'sciai');
  return async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : '';
    if (!token) return { actor: 'anonymous', userId: undefined };
    try {
      const claims = await tokens.verify(token);
      return { actor: 'user', userId: claims.sub };
    } catch {
      return { actor: 'anonymous', userId: undefined };
    }
  };
}
