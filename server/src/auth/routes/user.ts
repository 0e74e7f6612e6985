import type { FastifyInstance } from 'fastify';
import { authenticate } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { mergeMetadata } from '../metadata.ts';
import { emailChangeNotice, sendNotice } from '../account-notices.ts';
import { authMailLanguage, requestLanguage } from '../mail-language.ts';
import { issueUndoToken, undoLink, type UndoToken } from '../email-change-undo.ts';
import { AuthError, forbidden, unprocessable } from '../errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { reauthenticationRoute, requireFreshAuthentication } from '../reauthentication.ts';
import { bodyOf, clientInfo, optionalObject, optionalString, queryString } from '../request.ts';
import { endSessions } from '../sessions.ts';
import {
  findUserByEmail,
  findUserById,
  hasVerifiedFactor,
  listFactors,
  normalizeEmail,
  updateUser,
  userJson,
  type UserChanges,
} from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail, type PendingMail } from '../verification-mail.ts';
import { listIdentities } from '../oauth/identities.ts';
import { registerAdminUserRoutes } from './admin-users.ts';
import { registerIdentityRoutes } from './identities.ts';
import { registerOtpRoute } from './otp.ts';

/** GET /user and PUT /user: the signed-in user, and changes to metadata, password and address. */
export function registerUserRoutes(app: FastifyInstance, context: AuthContext): void {
  // The admin API manages users too; registered here so every mount of the user routes has it.
  registerAdminUserRoutes(app, context);
  registerOtpRoute(app, context);
  reauthenticationRoute(app, context);
  // linkIdentity and unlinkIdentity: connecting and disconnecting a provider (ORCID on the profile).
  registerIdentityRoutes(app, context);
  app.get('/user', async (request) => {
    const { user } = await authenticate(context, request);
    return userJson(user, await listFactors(context.pool, user.id), await listIdentities(context.pool, user.id));
  });

  app.put('/user', async (request) => {
    const { user, session } = await authenticate(context, request);
    const body = bodyOf(request);
    if (body.app_metadata !== undefined)
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    if (typeof body.phone === 'string' && body.phone !== '')
      throw new AuthError(422, 'validation_failed', 'Phone logins are disabled');
    const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
    if (password !== undefined) assertPasswordStrength(password);
    const newEmail = body.email === undefined || body.email === '' ? undefined : normalizeEmail(body.email);
    const changingEmail = newEmail !== undefined && newEmail !== user.email.toLowerCase();
    const metadata = optionalObject(body, 'data');

    const factors = await listFactors(context.pool, user.id);
    if (hasVerifiedFactor(factors) && session?.aal !== 'aal2' && (password !== undefined || changingEmail)) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    if (changingEmail && (await findUserByEmail(context.pool, newEmail))) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (password !== undefined && (await verifyPassword(password, user.encrypted_password, context.passwordHashCost))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    // A stolen session must not be enough to lock the owner out (docs/security.md#account-reauthentication).
    if (password !== undefined || changingEmail) {
      await requireFreshAuthentication(context, user, session, optionalString(body, 'nonce'), clientInfo(request).ip);
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password, context.passwordHashCost);

    const { updated, mail, undo } = await inTransaction(context.pool, async (client) => {
      const current = await findUserById(client, user.id, { forUpdate: true });
      if (!current) throw new Error('the user disappeared during an update');
      const changes: UserChanges = {};
      if (passwordHash) changes.encrypted_password = passwordHash;
      if (metadata) changes.raw_user_meta_data = mergeMetadata(current.raw_user_meta_data, metadata);
      let updated = await updateUser(client, user.id, changes);
      if (passwordHash) {
        // A new password means the old one may be known to someone else: every other session ends,
        // the personal API tokens are revoked, and reset links already sent stop working.
        await endSessions(client, user.id, 'others', session?.id);
        if (!session) await endSessions(client, user.id, 'global', undefined);
        await client.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [
          user.id,
        ]);
      }
      let mail: PendingMail | undefined;
      let undo: UndoToken | undefined;
      if (changingEmail) {
        undo = await issueUndoToken(client, current);
        ({ user: updated, mail } = await prepareVerificationMail(client, updated, 'email_change', newEmail));
      }
      return { updated, mail, undo };
    });
    if (mail) {
      const site = siteUrl(request, context.publicUrl);
      // The old address hears of it first, with a way back (docs/security.md#account-reauthentication);
      // an account made with ORCID has none.
      const asked = requestLanguage(request);
      if (user.email) {
        const oldAddress = user.email;
        const locale = await authMailLanguage(context.pool, { asked, userId: user.id, reader: 'owner' });
        const to = mail.to;
        await sendNotice(
          context,
          locale,
          () => emailChangeNotice(oldAddress, to, undoLink(site, undo, locale), site),
          'Error sending email change email',
        );
      }
      await deliverVerificationMail(
        context,
        site,
        mail,
        safeRedirect(queryString(request, 'redirect_to'), site),
        asked,
      );
    }
    return userJson(updated, factors, await listIdentities(context.pool, user.id));
  });
}
