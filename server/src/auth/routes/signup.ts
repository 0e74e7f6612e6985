import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '@sciai/core';
import { accountExistsNotice, sendNotice } from '../account-notices.ts';
import { recordActivity } from '../activity.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { AuthError, unprocessable } from '../errors.ts';
import { assertPasswordStrength, hashPassword, requirePassword } from '../passwords.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, optionalObject, optionalString, queryString } from '../request.ts';
import { startSession, type SessionResponse } from '../sessions.ts';
import { readAuthSettings } from '../site-settings.ts';
import {
  EMAIL_APP_METADATA,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  userJson,
  type UserRow,
} from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail, type PendingMail } from '../verification-mail.ts';
import { authMailLanguage, keepSignUpLanguage, requestLanguage } from '../mail-language.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * POST /signup, as GoTrue answers it: with e-mail verification required (the site setting
 * `require_email_verification`), the new user and a confirmation mail; without, a session.
 * An address that already has a confirmed account gets 422 "User already registered" only
 * when verification is off; otherwise an answer of the same shape and time as a new sign-up,
 * and its owner a notice instead of a confirmation, so the form does not reveal who has an
 * account (docs/security.md#account-enumeration).
 */
export function registerSignupRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/signup', async (request, reply) => {
    const body = bodyOf(request);
    // Neither address nor number is signInAnonymously: off here (docs/product.md#auth-disabled-features).
    if (isBlank(body.email) && isBlank(body.phone))
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    const from = clientInfo(request);
    context.limits.consume('sign_up', { ip: from.ip, account: accountKey(body.email) });

    const settings = await readAuthSettings(context.pool);
    if (!settings.registrationOpen) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const password = requirePassword(body.password);
    assertPasswordStrength(password);
    if (optionalString(body, 'phone')) throw new AuthError(400, 'validation_failed', 'Phone signups are disabled');
    const email = normalizeEmail(body.email);
    const userMetadata = optionalObject(body, 'data') ?? {};
    const site = siteUrl(request, context.publicUrl);
    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), site);
    const autoconfirm = !settings.requireEmailVerification;
    const asked = requestLanguage(request);

    const existing = await findUserByEmail(context.pool, email);
    // Hashing is slow: never inside the transaction. It is done on every path, used or not, so
    // that a registered address is not told apart by a quicker answer (docs/security.md#account-enumeration).
    const passwordHash = await hashPassword(password, context.passwordHashCost);
    // With verification off, an account made before (even unconfirmed) is never handed to whoever
    // signs up with its address: that person proved nothing.
    if (existing && (existing.email_confirmed_at || autoconfirm))
      return repeatedSignup(context, site, email, userMetadata, autoconfirm, asked);

    let outcome: SignupOutcome;
    try {
      outcome = await inTransaction(context.pool, async (client) => {
        const user: UserRow | undefined = existing
          ? await findUserById(client, existing.id, { forUpdate: true })
          : await insertUser(client, { email, passwordHash, userMetadata, confirmed: autoconfirm });
        if (!user) throw new Error('the unconfirmed account disappeared during sign-up');
        if (!existing) await keepSignUpLanguage(client, user.id, asked);
        if (autoconfirm)
          return { created: !existing, user, session: await startSession(context, client, user, 'password', from) };
        // An unconfirmed account is not changed (nobody has proven the address), only mailed again.
        const prepared = await prepareVerificationMail(client, user, 'signup', user.email);
        return { created: !existing, user: prepared.user, mail: prepared.mail };
      });
    } catch (error) {
      // Two sign-ups for one address at the same moment: the second one lost the race.
      if (isUniqueViolation(error)) return repeatedSignup(context, site, email, userMetadata, autoconfirm, asked);
      throw error;
    }

    if (outcome.created) await recordActivity(context, { type: 'sign_up', userId: outcome.user.id, email }, from);
    if (outcome.session) return reply.send(outcome.session);
    if (outcome.mail) await deliverVerificationMail(context, site, outcome.mail, redirectTo, asked);
    return reply.send(userJson(outcome.user, []));
  });
}

type SignupOutcome = { created: boolean; user: UserRow } & (
  { session: SessionResponse; mail?: never } | { mail: PendingMail; session?: never }
);

/**
 * A sign-up for an address that has a confirmed account. With verification on, the answer is a
 * made-up new user built exactly as a real one is answered (not GoTrue's obfuscated user with
 * `role: ""` and no identities, which tells the two apart), and, as a real sign-up sends its
 * confirmation, a mail goes out: it tells the owner that someone tried.
 */
async function repeatedSignup(
  context: AuthContext,
  site: string,
  email: string,
  userMetadata: Record<string, unknown>,
  autoconfirm: boolean,
  asked: Locale | undefined,
) {
  if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
  // The notice is the owner's: in their language, whatever page the sign-up came from.
  const owner = await findUserByEmail(context.pool, email);
  const locale = await authMailLanguage(context.pool, { asked, userId: owner?.id, reader: 'owner' });
  await sendNotice(context, locale, () => accountExistsNotice(email, site), 'Error sending confirmation email');
  const now = new Date();
  const lookalike: UserRow = {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: EMAIL_APP_METADATA,
    raw_user_meta_data: userMetadata,
    banned_until: null,
    invited_at: null,
    created_at: now,
    updated_at: now,
  };
  return userJson(lookalike, []);
}

/** What GoTrue reads as an empty field: absent, null or "". */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;
}
