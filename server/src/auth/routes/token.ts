import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordActivity } from '../activity.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { AuthError, badRequest, INVALID_LOGIN_MESSAGE, validationFailed } from '../errors.ts';
import { verifyPassword } from '../passwords.ts';
import { accountKey, bodyOf, clientInfo, optionalString, queryString } from '../request.ts';
import { refreshSession, startSession } from '../sessions.ts';
import { findUserByEmail, isBanned } from '../users.ts';

/** POST /token?grant_type=password | refresh_token (GoTrue's grants that supabase-js uses). */
export function registerTokenRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/token', async (request) => {
    const grantType = queryString(request, 'grant_type') ?? optionalString(bodyOf(request), 'grant_type');
    switch (grantType) {
      case 'password':
        return passwordGrant(context, request);
      case 'refresh_token':
        return refreshTokenGrant(context, request);
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
    }
  });
}

async function passwordGrant(context: AuthContext, request: FastifyRequest) {
  const body = bodyOf(request);
  const from = clientInfo(request);
  context.limits.consume('sign_in', { ip: from.ip, account: accountKey(body.email) });
  if (optionalString(body, 'phone')) throw new AuthError(422, 'validation_failed', 'Phone logins are disabled');
  const email = optionalString(body, 'email')?.trim().toLowerCase();
  if (!email) throw validationFailed('missing email or phone');
  const password = typeof body.password === 'string' ? body.password : '';

  // Every refusal is logged as a sign_in_failure (docs/product.md#sign-in) with the message the client sees.
  const refuse = async (error: AuthError): Promise<never> => {
    await recordActivity(context, { type: 'sign_in_failure', email, message: error.message }, from);
    throw error;
  };
  const user = await findUserByEmail(context.pool, email);
  // The password is checked first, also for unknown addresses (same time), so only someone who
  // knows it learns that an account is banned or unconfirmed.
  const passwordMatches = await verifyPassword(password, user?.encrypted_password, context.passwordHashCost);
  if (!user || !passwordMatches) return refuse(badRequest('invalid_credentials', INVALID_LOGIN_MESSAGE));
  if (isBanned(user)) return refuse(badRequest('user_banned', 'User is banned'));
  if (!user.email_confirmed_at) return refuse(badRequest('email_not_confirmed', 'Email not confirmed'));

  const session = await inTransaction(context.pool, (client) => startSession(context, client, user, 'password', from));
  await recordActivity(context, { type: 'sign_in', userId: user.id, email: user.email }, from);
  return session;
}

async function refreshTokenGrant(context: AuthContext, request: FastifyRequest) {
  const from = clientInfo(request);
  context.limits.consume('refresh', { ip: from.ip });
  const refreshToken = optionalString(bodyOf(request), 'refresh_token');
  if (!refreshToken) throw validationFailed('refresh_token required');
  return refreshSession(context, refreshToken, from);
}
