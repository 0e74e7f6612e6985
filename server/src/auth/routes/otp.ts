import type { FastifyInstance } from 'fastify';
import type { Locale } from '@sciai/core';
import { isUniqueViolation, readBoolean } from '../admin-user-input.ts';
import { afterAnswer } from '../after-answer.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { badRequest, validationFailed } from '../errors.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, optionalObject, queryString } from '../request.ts';
import { recordActivity } from '../activity.ts';
import type { ClientInfo } from '../sessions.ts';
import { readAuthSettings } from '../site-settings.ts';
import { findUserByEmail, findUserById, insertUser, isBanned, normalizeEmail, type UserRow } from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail } from '../verification-mail.ts';
import { keepSignUpLanguage, requestLanguage } from '../mail-language.ts';

/**
 * POST /otp (supabase-js signInWithOtp with an address): mails a sign-in link and a six-digit
 * code. The answer is 200 `{}` for any valid address, sent before the address is looked up, so
 * neither its content nor its timing tells who has an account (docs/security.md#account-enumeration);
 * GoTrue's 422 for `create_user: false` and an unknown address would.
 */
export function registerOtpRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/otp', async (request, reply) => {
    const body = bodyOf(request);
    const from = clientInfo(request);
    context.limits.consume('otp', { ip: from.ip, account: accountKey(body.email) });
    const hasEmail = !isBlank(body.email);
    const hasPhone = !isBlank(body.phone);
    if (hasEmail && hasPhone) throw validationFailed('Only an email address or phone number should be provided');
    if (hasEmail && !isBlank(body.channel)) throw validationFailed('Channel should only be specified with Phone OTP');
    // An account here has no phone number (docs/product.md#auth-disabled-features).
    if (hasPhone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (!hasEmail) throw validationFailed('One of email or phone must be set');
    const email = normalizeEmail(body.email);
    // GoTrue's default: an address without an account gets one.
    const createUser = body.create_user === undefined || body.create_user === null || readBoolean(body, 'create_user');
    const userMetadata = optionalObject(body, 'data') ?? {};
    const site = siteUrl(request, context.publicUrl);
    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), site);
    afterAnswer(reply, context, () =>
      mailSignInLink(
        context,
        { email, createUser, userMetadata, asked: requestLanguage(request) },
        from,
        site,
        redirectTo,
      ),
    );
    return reply.send({});
  });
}

interface SignInRequest {
  email: string;
  createUser: boolean;
  userMetadata: Record<string, unknown>;
  /** The language of the page that asked: the mail's, and a new account's. */
  asked: Locale | undefined;
}

/**
 * The link goes to an account that exists and is not banned, or to a new unconfirmed account when
 * the caller allows it and sign-ups are open; the link proves the address, so following it
 * confirms the account and signs its owner in. Otherwise nothing is sent.
 */
async function mailSignInLink(
  context: AuthContext,
  { email, createUser, userMetadata, asked }: SignInRequest,
  from: ClientInfo,
  site: string,
  redirectTo: string,
): Promise<void> {
  const existing = await findUserByEmail(context.pool, email);
  if (existing && isBanned(existing)) return;
  if (!existing && !(createUser && (await readAuthSettings(context.pool)).registrationOpen)) return;
  const prepared = await inTransaction(context.pool, async (client) => {
    const user: UserRow | undefined = existing
      ? await findUserById(client, existing.id, { forUpdate: true })
      : // No password: its owner signs in by link, or chooses one with a reset.
        await insertUser(client, { email, passwordHash: null, userMetadata, confirmed: false });
    if (user && !existing) await keepSignUpLanguage(client, user.id, asked);
    return user && prepareVerificationMail(client, user, 'magiclink', user.email);
  }).catch((error: unknown) => {
    // Two requests for a new address at once: the one that made the account sends the mail.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  });
  if (!prepared) return;
  if (!existing) await recordActivity(context, { type: 'sign_up', userId: prepared.user.id, email }, from);
  await deliverVerificationMail(context, site, prepared.mail, redirectTo, asked);
}

/** What GoTrue reads as an empty field: absent, null or "". */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
