import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors } from 'jose';
import { createTokenVerifier } from './verified-tokens.ts';

/**
 * PostgREST 12 accepts a token until 30 s after its `exp` (a clock skew it hard-codes, for
 * tokens signed on other machines). Ours are signed on this machine, by the auth service that
 * shares this clock, so there is nothing to allow for: the gateway refuses an expired token of
 * this project before it reaches PostgREST, with no skew, in PostgREST's own answer for one
 * (docs/security.md, "Token expiry and clock skew"). A token that does not verify at all goes on
 * to PostgREST, which refuses it with its own words.
 */
export function expiredTokenGuard(jwtSecret: string) {
  const verify = createTokenVerifier(jwtSecret);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || !/^bearer /i.test(header)) return;
    try {
      // clockTolerance 0 (jose's default): expired when exp <= now
      await verify(header.slice(7).trim());
    } catch (error) {
      if (!(error instanceof joseErrors.JWTExpired)) return;
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token", error_description="JWT expired"')
        .header('cache-control', 'no-store')
        .send({ code: 'PGRST301', details: null, hint: null, message: 'JWT expired' });
    }
  };
}
