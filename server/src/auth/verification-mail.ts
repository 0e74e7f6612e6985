import { confirmCodePath, localizedPath, type Locale } from '@sciai/core';
import { inLanguage } from '../i18n/server-i18n.ts';
import type { AuthContext } from './context.ts';
import type { Queryable } from './db.ts';
import { AuthError } from './errors.ts';
import { authMailLanguage } from './mail-language.ts';
import type { VerificationMailKind } from './mail-message.ts';
import { verificationMail } from './mail-templates.ts';
import { updateUser, type UserChanges, type UserRow } from './users.ts';
import { issueVerification, type IssuedVerification } from './verification-tokens.ts';

export interface PendingMail {
  type: VerificationMailKind;
  to: string;
  /** The account it is for: the mail is written in its language when the request names none. */
  userId: string;
  issued: IssuedVerification;
}

/**
 * Inside the caller's transaction: a fresh token for the mail, and the user's `…_sent_at`
 * (for an e-mail change, the new address waits in `email_change`).
 */
export async function prepareVerificationMail(
  db: Queryable,
  user: UserRow,
  type: VerificationMailKind,
  to: string,
): Promise<{ user: UserRow; mail: PendingMail }> {
  const issued = await issueVerification(db, user.id, type, to);
  const updated = await updateUser(db, user.id, sentAtChanges(type, to, new Date()));
  return { user: updated, mail: { type, to, userId: user.id, issued } };
}

/** GoTrue's record of a sent mail: a sign-in link counts as a recovery, an invitation as a confirmation. */
function sentAtChanges(type: VerificationMailKind, to: string, now: Date): UserChanges {
  switch (type) {
    case 'signup':
      return { confirmation_sent_at: now };
    case 'invite':
      return { confirmation_sent_at: now, invited_at: now };
    case 'recovery':
    case 'magiclink':
      return { recovery_sent_at: now };
    case 'email_change':
      return { email_change: to, email_change_sent_at: now };
  }
}

/** GoTrue's words when a mail could not be sent. */
const SEND_FAILURE: Record<VerificationMailKind, string> = {
  signup: 'Error sending confirmation email',
  recovery: 'Error sending recovery email',
  email_change: 'Error sending email change email',
  magiclink: 'Error sending magic link email',
  invite: 'Error sending invite email',
};

/**
 * After the commit (mail is network I/O): the link points at this gateway's /auth/v1/verify,
 * which checks `redirectTo` again before sending the browser there. The mail is in the language
 * of the page that asked (`asked`), else the account's, else English; the code page too.
 */
export async function deliverVerificationMail(
  context: AuthContext,
  site: string,
  mail: PendingMail,
  redirectTo: string,
  asked: Locale | undefined,
): Promise<void> {
  const link = verificationLink(site, mail, redirectTo);
  const locale = await authMailLanguage(context.pool, { asked, userId: mail.userId, reader: 'requester' });
  const codePage = `${site}${localizedPath(locale, confirmCodePath({ email: mail.to, type: mail.type, redirect: sitePath(site, redirectTo) }))}`;
  try {
    await context.mailer.send(
      inLanguage(locale, () =>
        verificationMail(mail.type, { to: mail.to, link: link.href, code: mail.issued.code, codePage }),
      ),
    );
  } catch (error) {
    context.log.error({ err: error, mail_type: mail.type }, 'sending an auth e-mail failed');
    throw new AuthError(500, 'unexpected_failure', SEND_FAILURE[mail.type]);
  }
}

/** The mail's link (also what the admin API's generate_link answers as `action_link`). */
export function verificationLink(site: string, mail: PendingMail, redirectTo: string): URL {
  const link = new URL(`${site}/auth/v1/verify`);
  link.searchParams.set('token', mail.issued.token);
  link.searchParams.set('type', mail.type);
  link.searchParams.set('redirect_to', redirectTo);
  return link;
}

/** Where a confirmed sign-up goes, as a path of this site (the code page keeps only such paths). */
function sitePath(site: string, redirectTo: string): string | undefined {
  try {
    const url = new URL(redirectTo);
    return url.origin === new URL(site).origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}
