import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordActivity } from '../activity.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { AuthError, badRequest, INVALID_LOGIN_MESSAGE, unprocessable, validationFailed } from '../errors.ts';
import { pkceGrant } from '../oauth/pkce-grant.ts';
import { verifyPassword } from '../passwords.ts';
import { accountKey, bodyOf, clientInfo, optionalString, queryString } from '../request.ts';
import { refreshSession, startSession } from '../sessions.ts';
import { findUserByEmail, isBanned } from '../users.ts';

/**
 * POST /token?grant_type=password | refresh_token | pkce (GoTrue's grants that supabase-js uses); the
 * id_token and web3 grants answer as GoTrue does when no such provider is enabled
 * (docs/product.md#auth-disabled-features).
 */
export function registerTokenRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/token', async (request) => {
    const grantType = queryString(request, 'grant_type') ?? optionalString(bodyOf(request), 'grant_type');
    switch (grantType) {
      case 'password':
        return passwordGrant(context, request);
      case 'refresh_token':
        return refreshTokenGrant(context, request);
      case 'pkce':
        return pkceGrant(context, request);
      case 'id_token':
        throw idTokenProviderRefusal(bodyOf(request));
      case 'web3':
        throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
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

/** The issuer GoTrue names for each built-in id_token provider with a fixed one (keycloak's is configured: none here). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com',
  keycloak: '',
};
/** Built-in providers whose issuer GoTrue reads from the ID token itself. */
const ISSUER_FROM_TOKEN = new Set(['apple', 'azure']);

/** GoTrue's answer to signInWithIdToken when no OIDC provider is enabled. */
function idTokenProviderRefusal(body: Record<string, unknown>): AuthError {
  const provider = optionalString(body, 'provider') ?? '';
  const issuer = optionalString(body, 'issuer') ?? '';
  const named = Object.entries(ID_TOKEN_ISSUERS).find(
    ([name, fixed]) => provider === name || (fixed && issuer === fixed),
  );
  if (named) return providerDisabled(named[1]);
  if (ISSUER_FROM_TOKEN.has(provider)) return providerDisabled(tokenIssuer(body.id_token));
  if (provider.startsWith('custom:')) return validationFailed('Custom OAuth providers are disabled');
  return validationFailed(`Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
}

function providerDisabled(issuer: string): AuthError {
  return badRequest('provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);
}

/** The unverified `iss` claim of a JWT, or "" (nothing is trusted from it: it only names the issuer refused). */
function tokenIssuer(idToken: unknown): string {
  if (typeof idToken !== 'string') return '';
  try {
    const payload: unknown = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const iss = typeof payload === 'object' && payload !== null && 'iss' in payload ? payload.iss : undefined;
    return typeof iss === 'string' ? iss : '';
  } catch {
    return '';
  }
}
