import { currentLocale, localizedPath, t, type Locale } from '@sciai/core';
import { inLanguage } from '../i18n/server-i18n.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import type { AccountNoticeKind, MailMessage } from './mail-message.ts';
import { codeLines, escapeHtml, mailButton, mailCode, mailDocument } from './mail-html.ts';

/**
 * A notice as it is written, in the language running (sendNotice): paragraphs, and at most one
 * button (a link to a page in that language).
 */
interface Notice {
  kind: AccountNoticeKind;
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** A code printed large (the re-authentication code). */
  code?: string;
}

/**
 * Someone signed up with an address that already has a confirmed account: its owner is told,
 * and the answer to the sign-up looks like any other (docs/security.md#account-enumeration).
 */
export function accountExistsNotice(to: string, site: string): Notice {
  return {
    kind: 'account_exists',
    to,
    subject: t('Someone tried to sign up to SciAI with your address'),
    paragraphs: [
      t('Someone tried to create a SciAI account with this e-mail address, which already has one.'),
      t('If it was you, sign in with your password, or reset it if you have forgotten it.'),
      t('If it was not you, you can ignore this e-mail: nothing has changed.'),
    ],
    action: { label: t('Sign in to SciAI'), link: `${site}${localizedPath(currentLocale(), '/auth/signin')}` },
  };
}

/**
 * Sent to the old address when the account's address is being changed: the owner learns of it
 * and can undo it (docs/security.md#account-reauthentication). Without an undo link (one sent
 * for an earlier change is still live) the owner is told how to secure the account instead.
 */
export function emailChangeNotice(to: string, newEmail: string, undoLink: string | undefined, site: string): Notice {
  return {
    kind: 'email_change_notice',
    to,
    subject: t('The e-mail address of your SciAI account is being changed'),
    paragraphs: [
      t('Someone signed in to your SciAI account asked to change its e-mail address to {newEmail}.', { newEmail }),
      t('If it was you, there is nothing to do.'),
      undoLink
        ? t(
            'If it was not you, undo the change: the link below keeps this address on the account (or puts it back), signs out every device and lets you choose a new password. It works once, within 7 days.',
          )
        : t(
            'If it was not you, use the undo link of the earlier notice sent to the address the account had before, or reset your password at once.',
          ),
    ],
    action: undoLink
      ? { label: t('Undo the change and secure my account'), link: undoLink }
      : { label: t('Reset my password'), link: `${site}${localizedPath(currentLocale(), '/auth/forgot-password')}` },
  };
}

export function reauthenticationNotice(to: string, code: string): Notice {
  return {
    kind: 'reauthentication',
    to,
    subject: t('Your SciAI confirmation code'),
    paragraphs: [
      t('Enter this code in SciAI to confirm a change of your password or e-mail address.'),
      t('The code works once, within 10 minutes.'),
      t(
        'If you did not ask for it, someone may be signed in to your account: change your password and sign out the other devices in Settings → Security.',
      ),
    ],
    code,
  };
}

export function noticeMail(notice: Notice): MailMessage {
  const { action, code } = notice;
  const text = [
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(code ? [...codeLines('own', code), ''] : []),
    ...(action ? [t('{action}:', { action: action.label }), action.link, ''] : []),
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    ...notice.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    code ? mailCode('own', code) : '',
    action ? mailButton(action.label, action.link) : '',
  ]);
  return {
    kind: notice.kind,
    to: notice.to,
    subject: notice.subject,
    text,
    html,
    links: action ? [action.link] : [],
  };
}

/**
 * Writes a notice in `locale` and sends it; a failure is logged and answered as GoTrue answers a
 * failed mail, with `failureMessage` where the notice stands in for another mail.
 */
export async function sendNotice(
  context: AuthContext,
  locale: Locale,
  write: () => Notice,
  failureMessage = 'Error sending email',
): Promise<void> {
  const notice = inLanguage(locale, write);
  try {
    await context.mailer.send(inLanguage(locale, () => noticeMail(notice)));
  } catch (error) {
    context.log.error({ err: error, mail_type: notice.kind }, 'sending an auth e-mail failed');
    throw new AuthError(500, 'unexpected_failure', failureMessage);
  }
}
