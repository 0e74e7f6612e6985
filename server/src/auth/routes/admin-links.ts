import type { FastifyInstance } from 'fastify';
import { INVITED_PASSWORD_PATH } from '@sciai/core';
import { emailExists, isUniqueViolation } from '../admin-user-input.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { notFound, validationFailed } from '../errors.ts';
import type { VerificationMailKind } from '../mail-message.ts';
import { mergeMetadata } from '../metadata.ts';
import { assertPasswordStrength, hashPassword, requirePassword } from '../passwords.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { bodyOf, optionalObject, optionalString, queryString } from '../request.ts';
import { requestLanguage } from '../mail-language.ts';
import { requireServiceRole } from '../service-role.ts';
import { randomToken } from '../tokens.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  listFactors,
  normalizeEmail,
  updateUser,
  userJson,
  type UserRow,
} from '../users.ts';
import {
  deliverVerificationMail,
  prepareVerificationMail,
  verificationLink,
  type PendingMail,
} from '../verification-mail.ts';

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type LinkType = (typeof LINK_TYPES)[number];

/**
 * POST /admin/generate_link (the link and code a mail would carry, for the operator to deliver
 * themselves: nothing is sent) and POST /invite (the invitation mail), as GoTrue's.
 */
export function registerAdminLinkRoutes(app: FastifyInstance, context: AuthContext): void {
  app.post('/admin/generate_link', async (request) => {
    await requireServiceRole(context, request);
    const body = bodyOf(request);
    const requested = optionalString(body, 'type');
    const email = normalizeEmail(body.email);
    const site = siteUrl(request, context.publicUrl);
    const redirectTo = safeRedirect(optionalString(body, 'redirect_to') ?? queryString(request, 'redirect_to'), site);
    const data = optionalObject(body, 'data');
    const existing = await findUserByEmail(context.pool, email);
    const type = linkType(requested);
    // GoTrue: a sign-in link for an address without an account signs it up.
    const effective: LinkType = type === 'magiclink' && !existing ? 'signup' : type;
    if (!existing && effective !== 'signup' && effective !== 'invite')
      throw notFound('user_not_found', 'User with this email not found');
    if (existing?.email_confirmed_at && (effective === 'signup' || effective === 'invite')) throw emailExists();
    if (effective === 'email_change_current') {
      // The old address gets a notice with an undo link, not a confirmation (docs/product.md#admin-api).
      throw validationFailed('Enable secure email change to generate link for current email');
    }
    const newEmail = effective === 'email_change_new' ? normalizeEmail(body.new_email) : undefined;
    if (newEmail && (await findUserByEmail(context.pool, newEmail))) throw emailExists();
    // Hashing is slow: never inside the transaction.
    const passwordHash =
      effective === 'signup' && !existing
        ? await hashPassword(signupPassword(type, body.password), context.passwordHashCost)
        : null;

    const { user, mail } = await inTransaction(context.pool, async (client) => {
      let user = existing
        ? await findUserById(client, existing.id, { forUpdate: true })
        : await insertUser(client, { email, passwordHash, userMetadata: data ?? {}, confirmed: false });
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      if (existing && effective === 'signup' && data)
        user = await updateUser(client, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
      const kind: VerificationMailKind = effective === 'email_change_new' ? 'email_change' : effective;
      return prepareVerificationMail(client, user, kind, newEmail ?? user.email);
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    });
    return {
      ...userJson(user, await listFactors(context.pool, user.id)),
      action_link: verificationLink(site, mail, redirectTo).href,
      email_otp: mail.issued.code,
      // what verifyOtp takes as token_hash: the link's token (only its digest is stored)
      hashed_token: mail.issued.token,
      verification_type: effective,
      redirect_to: redirectTo,
    };
  });

  app.post('/invite', async (request) => {
    await requireServiceRole(context, request);
    const body = bodyOf(request);
    const email = normalizeEmail(body.email);
    const data = optionalObject(body, 'data') ?? {};
    const site = siteUrl(request, context.publicUrl);
    // The invited person lands where they choose their password, unless the caller says otherwise.
    const redirectTo = safeRedirect(queryString(request, 'redirect_to') ?? `${site}${INVITED_PASSWORD_PATH}`, site);
    const existing = await findUserByEmail(context.pool, email);
    if (existing?.email_confirmed_at) throw emailExists();
    let outcome: { user: UserRow; mail: PendingMail };
    try {
      outcome = await inTransaction(context.pool, async (client) => {
        // No password: the invited person chooses one after following the link.
        const user = existing
          ? await findUserById(client, existing.id, { forUpdate: true })
          : await insertUser(client, { email, passwordHash: null, userMetadata: data, confirmed: false });
        if (!user) throw notFound('user_not_found', 'User not found');
        return prepareVerificationMail(client, user, 'invite', user.email);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    }
    await deliverVerificationMail(context, site, outcome.mail, redirectTo, requestLanguage(request));
    return userJson(outcome.user, []);
  });
}

function linkType(type: string | undefined): LinkType {
  const known = LINK_TYPES.find((candidate) => candidate === type);
  if (!known) throw validationFailed(`Invalid email action link type requested: ${type ?? ''}`);
  return known;
}

/** A sign-up link's account gets the password given (checked as at sign-up); a magic link's, an unguessable one. */
function signupPassword(requested: LinkType, password: unknown): string {
  if (requested === 'magiclink') return randomToken();
  const chosen = requirePassword(password);
  assertPasswordStrength(chosen);
  return chosen;
}
