import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { createTokenVerifier } from '../security/verified-tokens.ts';

export type ClaimCaller = { ok: true; userId: string } | { ok: false; status: 401; message: string };

/** PostgREST's error for a token whose session ended or whose user is banned (check_request_session). */
const SESSION_ENDED = 'PT401';

/**
 * The signed-in user a claims request comes from: a valid user JWT of this project whose session
 * is still open and whose account is not banned, decided by the same function PostgREST runs
 * before every Data API request (public.check_request_session).
 */
export function createClaimCallerResolver(
  pool: pg.Pool,
  jwtSecret: string,
): (request: FastifyRequest) => Promise<ClaimCaller> {
  const verify = createTokenVerifier(jwtSecret);
  const refused = (message: string): ClaimCaller => ({ ok: false, status: 401, message });
  return async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : '';
    if (!token) return refused('Sign in to claim an item.');
    let claims: Record<string, unknown>;
    try {
      claims = { ...(await verify(token)) };
    } catch {
      return refused('Your session has expired: sign in again.');
    }
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') return refused('Sign in to claim an item.');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await client.query('select public.check_request_session()');
      await client.query('commit');
      return { ok: true, userId: claims.sub };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      if ((error as { code?: unknown }).code === SESSION_ENDED)
        return refused('Session ended or account banned: sign in again.');
      throw error;
    } finally {
      client.release();
    }
  };
}
