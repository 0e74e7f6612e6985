import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { undoEmailChange } from '../email-change-undo.ts';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.ts';
import { safeRedirect, siteUrl, withFragment } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, optionalString, queryString } from '../request.ts';
import { startSession, type ClientInfo, type SessionResponse } from '../sessions.ts';
import { findUserByEmail, findUserById, isBanned, normalizeEmail, updateUser } from '../users.ts';
import { consumeCode, consumeLinkToken, type VerificationType } from '../verification-tokens.ts';

/** The `type`s supabase-js sends, and the tokens each may use ('email' is either of two, as in GoTrue). */
const TOKEN_TYPES: Record<string, VerificationType[]> = {
  signup: ['signup'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  magiclink: ['magiclink'],
  invite: ['invite'],
  // what signInWithOtp's mail proves, whichever mail it was (GoTrue: confirmation or recovery token)
  email: ['signup', 'recovery', 'magiclink', 'invite'],
  // the old address's link after a change of address (docs/security.md#account-reauthentication)
  email_change_undo: ['email_change_undo'],
};

type Proof = { link: string } | { email: string; code: string };

/** GET /verify: the link in a mail. It needs no API key (a mail client opens it). */
export function registerVerifyLinkRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/verify', async (request, reply) => {
    const type = queryString(request, 'type');
    const token = queryString(request, 'token');
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!token) throw validationFailed('Verify requires a token or a token hash');
    const from = clientInfo(request);
    context.limits.consume('verify', { ip: from.ip });
    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), siteUrl(request, context.publicUrl));
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    try {
      const types = TOKEN_TYPES[type];
      if (!types) throw validationFailed('Unsupported verification type');
      const session = await verifyAndSignIn(context, types, { link: token }, from);
      return reply.redirect(withFragment(redirectTo, { ...sessionFragment(session), type }), 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      // GoTrue's prepErrorRedirectURL: the app shows the error from the fragment.
      return reply.redirect(
        withFragment(redirectTo, {
          error: error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request',
          error_code: error.code,
          error_description: error.message,
        }),
        303,
      );
    }
  });
}

/** POST /verify: supabase-js verifyOtp, with {type, token_hash} or {type, email, token}. */
export function registerVerifyOtpRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/verify', async (request) => {
    const body = bodyOf(request);
    const from = clientInfo(request);
    context.limits.consume('verify', { ip: from.ip, account: accountKey(body.email) });
    const type = optionalString(body, 'type');
    if (!type) throw validationFailed('Verify requires a verification type');
    const token = optionalString(body, 'token');
    const tokenHash = optionalString(body, 'token_hash');
    if ((token === undefined) === (tokenHash === undefined))
      throw validationFailed('Verify requires either a token or a token hash');
    if (type === 'sms' || type === 'phone_change') throw phoneCodeRefusal(body, token);
    const types = TOKEN_TYPES[type];
    if (!types) throw validationFailed('Unsupported verification type');
    if (tokenHash !== undefined) return verifyAndSignIn(context, types, { link: tokenHash }, from);
    if (body.email === undefined || body.email === '') {
      throw validationFailed('Only an email address or phone number should be provided on verify');
    }
    return verifyAndSignIn(context, types, { email: normalizeEmail(body.email), code: token!.trim() }, from);
  });
}

/**
 * An SMS code: GoTrue checks the number's form, then finds no account with that number, as no
 * account here has one (docs/product.md#auth-disabled-features).
 */
function phoneCodeRefusal(body: Record<string, unknown>, token: string | undefined): AuthError {
  if (token !== undefined) {
    const phone = optionalString(body, 'phone');
    if (!phone) return validationFailed('Only an email address or phone number should be provided on verify');
    if (!E164_NUMBER.test(phone.replace(/^\+/, '').replaceAll(' ', '')))
      return validationFailed('Invalid phone number format (E.164 required)');
  }
  return forbidden('otp_expired', 'Token has expired or is invalid');
}

/** GoTrue's validatePhone, after it drops a leading + and the spaces. */
const E164_NUMBER = /^[1-9][0-9]{1,14}$/;

/**
 * One transaction: use up the token, apply what it proves (the address is confirmed, the new
 * address replaces the old one, or a reset may proceed) and start a session.
 */
async function verifyAndSignIn(
  context: AuthContext,
  types: VerificationType[],
  proof: Proof,
  from: ClientInfo,
): Promise<SessionResponse> {
  return inTransaction(context.pool, async (client) => {
    const consumed =
      'link' in proof
        ? await consumeLinkToken(client, types, proof.link)
        : await consumeCode(client, types, proof.email, proof.code);
    const user = await findUserById(client, consumed.userId, { forUpdate: true });
    if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    const sameAddress = (a: string | null) => a !== null && a.toLowerCase() === consumed.address.toLowerCase();
    const now = new Date();
    let verified = user;
    if (consumed.type === 'email_change_undo') {
      verified = await undoEmailChange(client, user, consumed.address);
    } else if (consumed.type !== 'email_change') {
      // Any link to the account's address proves it: a reset, a sign-in link or an invitation
      // confirms an unconfirmed account too, as GoTrue does.
      if (!sameAddress(user.email)) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      if (!user.email_confirmed_at) verified = await updateUser(client, user.id, { email_confirmed_at: now });
    } else {
      if (!sameAddress(user.email_change)) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      const taken = await findUserByEmail(client, consumed.address);
      if (taken && taken.id !== user.id)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      verified = await updateUser(client, user.id, {
        email: consumed.address,
        email_change: null,
        email_change_sent_at: null,
        email_confirmed_at: now,
      });
    }
    return startSession(context, client, verified, 'otp', from);
  });
}

function sessionFragment(session: SessionResponse): Record<string, string | number> {
  return {
    access_token: session.access_token,
    expires_at: session.expires_at,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  };
}
