import type { FastifyInstance } from 'fastify';
import type { Locale } from '@sciai/core';
import { afterAnswer } from '../after-answer.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { accountKey, bodyOf, clientInfo, optionalString, queryString } from '../request.ts';
import { badRequest, validationFailed } from '../errors.ts';
import { findUserByEmail, findUserById, normalizeEmail } from '../users.ts';
import { deliverVerificationMail, prepareVerificationMail } from '../verification-mail.ts';
import { requestLanguage } from '../mail-language.ts';

/**
 * POST /resend {type: signup | email_change | sms | phone_change, email | phone}: sends the confirmation mail again, with a
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
    if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = resendAddress(body, type);
    // An account here has no phone number, so no phone change is pending: nothing to send.
    if (type === 'sms' || type === 'phone_change') return reply.send({});
    const site = siteUrl(request, context.publicUrl);

    const redirectTo = safeRedirect(queryString(request, 'redirect_to'), site);
    // Answered before the lookup, so an unconfirmed account is not told apart by a slower answer.
    const asked = requestLanguage(request);
    afterAnswer(reply, context, () => resendMail(context, type, email, site, redirectTo, asked));
    return reply.send({});
  });
}

/**
 * GoTrue's checks of the address, in its order: each type's required field, one of the two,
 * then the address's format; phone numbers are refused, as this service has no SMS
 * (docs/product.md#auth-disabled-features).
 */
function resendAddress(body: Record<string, unknown>, type: string): string {
  const hasEmail = !isBlank(body.email);
  const hasPhone = !isBlank(body.phone);
  if (!hasEmail && type === 'signup') throw validationFailed('Type provided requires an email address');
  if (!hasPhone && type === 'sms') throw validationFailed('Type provided requires a phone number');
  if (hasEmail && hasPhone) throw validationFailed('Only an email address or phone number should be provided.');
  if (hasEmail) return normalizeEmail(body.email);
  if (hasPhone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  throw validationFailed('Missing email address or phone number');
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

async function resendMail(
  context: AuthContext,
  type: 'signup' | 'email_change',
  email: string,
  site: string,
  redirectTo: string,
  asked: Locale | undefined,
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
  if (mail) await deliverVerificationMail(context, site, mail, redirectTo, asked);
}
