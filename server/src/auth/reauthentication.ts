import type { FastifyInstance } from 'fastify';
import { reauthenticationNotice, sendNotice } from './account-notices.ts';
import { authMailLanguage, requestLanguage } from './mail-language.ts';
import { authenticate } from './authenticate.ts';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest } from './errors.ts';
import { clientInfo } from './request.ts';
import type { SessionRow } from './sessions.ts';
import type { UserRow } from './users.ts';
import { consumeReauthenticationCode, issueVerification } from './verification-tokens.ts';

/**
 * How long a sign-in counts as fresh for a change of password or address. GoTrue's "secure
 * password change" allows 24 hours; a stolen session is used within minutes, so ten here
 * (docs/security.md#account-reauthentication).
 */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/** When the session last proved who its user is: its newest sign-in or second factor. */
export function lastAuthenticatedAt(session: Pick<SessionRow, 'amr' | 'created_at'>): number {
  const proofs = session.amr.map((entry) => entry.timestamp * 1000);
  return Math.max(session.created_at.getTime(), ...proofs);
}

export function signedInRecently(session: SessionRow | undefined, now = Date.now()): boolean {
  return session !== undefined && now - lastAuthenticatedAt(session) < FRESH_SIGN_IN_MS;
}

/**
 * GoTrue's check for PUT /user: a session that signed in recently may change the password or
 * address at once; an older one must send the code (`nonce`) mailed by GET /reauthenticate.
 * The code works once and is checked against the per-account verify limit.
 */
export async function requireFreshAuthentication(
  context: AuthContext,
  user: UserRow,
  session: SessionRow | undefined,
  nonce: string | undefined,
  ip: string | undefined,
): Promise<void> {
  if (signedInRecently(session)) return;
  if (nonce === undefined) {
    throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  }
  context.limits.consume('verify', { ip, account: user.email.toLowerCase() });
  if (!(await consumeReauthenticationCode(context.pool, user.id, user.email, nonce.trim()))) {
    throw new AuthError(422, 'reauthentication_not_valid', 'Requires a valid nonce');
  }
}

/** GET /reauthenticate (supabase-js auth.reauthenticate()): mails a six-digit code to the signed-in user. */
export function reauthenticationRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/reauthenticate', async (request) => {
    const { user } = await authenticate(context, request);
    // An account made with ORCID has no address to send a code to.
    if (!user.email) {
      throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    context.limits.consume('reauthenticate', { ip: clientInfo(request).ip, account: user.email.toLowerCase() });
    const { code } = await issueVerification(context.pool, user.id, 'reauthentication', user.email);
    const locale = await authMailLanguage(context.pool, {
      asked: requestLanguage(request),
      userId: user.id,
      reader: 'requester',
    });
    const to = user.email;
    await sendNotice(context, locale, () => reauthenticationNotice(to, code), 'Error sending reauthentication email');
    return {};
  });
}
