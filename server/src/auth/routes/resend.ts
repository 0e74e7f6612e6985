import type { FastifyInstance } from 'fastify';
import { afterAnswer } from '../after-answer.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { validationFailed } from '../errors.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, optionalString, queryString } from '../request.ts';
import { findUserByEmail, findUserById, normalizeEmail } from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail } from '../verification-mail.ts';

/**
 * POST /resend {type: signup | email_change, email}: sends the confirmation mail again, with a
 * new link (the old one stops working). 200 `{}` also when there is nothing to send, as GoTrue,
 * and before the address is looked up (docs/security.md#account-enumeration).
 * For email_change, `email` is the account's current address; the mail goes to the new one.
 */
export function registerResendRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/resend', async (request, reply) => {
    const body = bodyOf(request);
    const from = clientInfo(request);
    context.limits.consume('resend', { ip: from.ip, account: accountKey(body.email) });
    const type = optionalString(body, 'type');
    if (type !== 'signup' && type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (body.email === undefined || body.email === '')
      throw validationFailed('Type provided requires an email address');
    const email = normalizeEmail(body.email);
    const site = siteUrl(request, context.publicUrl);

    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), site);
    // Answered before the lookup, so an unconfirmed account is not told apart by a slower answer.
    afterAnswer(reply, context, () => resendMail(context, type, email, site, redirectTo));
    return reply.send({});
  });
}

async function resendMail(
  context: AuthContext,
  type: 'signup' | 'email_change',
  email: string,
  site: string,
  redirectTo: string,
): Promise<void> {
  const user = await findUserByEmail(context.pool, email);
  const nothingToSend = !user || (type === 'signup' ? user.email_confirmed_at !== null : !user.email_change);
  if (nothingToSend) return;
  const mail = await inTransaction(context.pool, async (client) => {
    const current = await findUserById(client, user.id, { forUpdate: true });
    if (!current) return undefined;
    const to = type === 'signup' ? current.email : current.email_change;
    return to ? (await prepareVerificationMail(client, current, type, to)).mail : undefined;
  });
  if (mail) await deliverVerificationMail(context, site, mail, redirectTo);
}
