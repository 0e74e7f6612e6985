import type { FastifyInstance } from 'fastify';
import type { Locale } from '@sciai/core';
import { afterAnswer } from '../after-answer.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { validationFailed } from '../errors.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, queryString } from '../request.ts';
import { findUserByEmail, findUserById, isBanned, normalizeEmail } from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail } from '../verification-mail.ts';
import { requestLanguage } from '../mail-language.ts';

/**
 * POST /recover: mails a password-reset link. The answer is 200 `{}` whether or not the address
 * has an account, and it is sent before the address is even looked up, so neither its content
 * nor its timing tells who is registered (docs/security.md#account-enumeration).
 */
export function registerRecoverRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/recover', async (request, reply) => {
    const body = bodyOf(request);
    const from = clientInfo(request);
    context.limits.consume('recover', { ip: from.ip, account: accountKey(body.email) });
    if (body.email === undefined || body.email === '') throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(body.email);
    const site = siteUrl(request, context.publicUrl);
    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), site);
    const asked = requestLanguage(request);
    afterAnswer(reply, context, () => mailResetLink(context, email, site, redirectTo, asked));
    return reply.send({});
  });
}

async function mailResetLink(
  context: AuthContext,
  email: string,
  site: string,
  redirectTo: string,
  asked: Locale | undefined,
): Promise<void> {
  const user = await findUserByEmail(context.pool, email);
  if (!user || isBanned(user)) return;
  const mail = await inTransaction(context.pool, async (client) => {
    const current = await findUserById(client, user.id, { forUpdate: true });
    return current && (await prepareVerificationMail(client, current, 'recovery', current.email)).mail;
  });
  if (mail) await deliverVerificationMail(context, site, mail, redirectTo, asked);
}
