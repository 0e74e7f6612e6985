import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.ts';
import { forbidden, unauthorized, unprocessable } from '../errors.ts';
import { assertPasswordStrength, hashPassword } from '../passwords.ts';
import { bodyOf, optionalObject } from '../request.ts';
import { randomToken } from '../tokens.ts';
import { findUserByEmail, insertUser, normalizeEmail, userJson } from '../users.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * GoTrue's admin API, the part `sciai users create-admin` uses through supabase-js
 * (auth.admin.createUser): only a bearer token with the service role may call it, as on Supabase.
 */
export function registerAdminUserRoutes(app: FastifyInstance, context: AuthContext): void {
  app.post('/admin/users', async (request) => {
    await requireServiceRole(context, request);
    const body = bodyOf(request);
    const email = normalizeEmail(body.email);
    const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
    if (password !== undefined) assertPasswordStrength(password);
    const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data') ?? {};
    if (await findUserByEmail(context.pool, email)) throw emailExists();
    // Without a password the account has an unguessable one: its owner sets theirs by recovery.
    const passwordHash = await hashPassword(password ?? randomToken(), context.passwordHashCost);
    try {
      const user = await insertUser(context.pool, {
        email,
        passwordHash,
        userMetadata,
        confirmed: body.email_confirm === true,
      });
      return userJson(user, []);
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION)
        throw emailExists();
      throw error;
    }
  });
}

function emailExists() {
  return unprocessable('email_exists', 'A user with this email address has already been registered');
}

async function requireServiceRole(context: AuthContext, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const role = await context.tokens.verifiedRole(match[1]!);
  if (role !== 'service_role' && role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
}
