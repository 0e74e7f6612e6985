import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { validationFailed } from '../errors.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, queryString } from '../request.ts';
import { findUserByEmail, findUserById, isBanned, normalizeEmail } from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail } from '../verification-mail.ts';

/**
 * POST /recover: mails a password-reset link. The answer is 200 `{}` whether or not the address
 * has an account, and it does not wait for the mail, so neither its content nor its timing
 * tells who is registered.
 */
export function registerRecoverRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/recover', async (request) => {
    const body = bodyOf(request);
    const from = clientInfo(request);
    context.limits.consume('recover', { ip: from.ip, account: accountKey(body.email) });
    if (body.email === undefined || body.email === '') throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(body.email);
    const site = siteUrl(request, context.publicUrl);
    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), site);

    const user = await findUserByEmail(context.pool, email);
    if (user && !isBanned(user)) {
      const mail = await inTransaction(context.pool, async (client) => {
        const current = await findUserById(client, user.id, { forUpdate: true });
        return current && (await prepareVerificationMail(client, current, 'recovery', current.email)).mail;
      });
      if (mail) {
        deliverVerificationMail(context, site, mail, redirectTo).catch(() => {
          // already logged by deliverVerificationMail; the client must not learn of it
        });
      }
    }
    return {};
  });
}
