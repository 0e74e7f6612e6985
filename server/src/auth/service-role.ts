import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './context.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';
import { isUuid } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/**
 * GoTrue's requireAdminCredentials: the admin API answers only a bearer token with the service
 * role (the key `sciai keys --service-role` prints); the anon key and users' tokens get 403.
 */
export async function requireServiceRole(context: AuthContext, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const role = await context.tokens.verifiedRole(match[1]!);
  if (role !== 'service_role' && role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
}

/** GoTrue's loadUser: the user an admin URL names, with its answers for a bad or unknown id. */
export async function loadNamedUser(context: AuthContext, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(context.pool, userId);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}
