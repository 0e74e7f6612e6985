import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { findLiveSession, type SessionRow } from './sessions.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';

export interface Authenticated {
  user: UserRow;
  /** Absent only for a token without a session_id (none of ours). */
  session: SessionRow | undefined;
}

/**
 * GoTrue's requireAuthentication: a valid access token of an existing, unbanned user whose
 * session has not ended (signed out, revoked after refresh-token reuse, or ended by a password
 * change); supabase-js turns session_not_found into "Auth session missing!".
 */
export async function authenticate(context: AuthContext, request: FastifyRequest): Promise<Authenticated> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await context.tokens.verify(match[1]!);
  const user = await findUserById(context.pool, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  let session: SessionRow | undefined;
  if (claims.sessionId) {
    session = await findLiveSession(context.pool, claims.sessionId);
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { user, session };
}

export function requireSession(authenticated: Authenticated): SessionRow {
  if (!authenticated.session)
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return authenticated.session;
}
