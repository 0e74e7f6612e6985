import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import type { AccountNoticeKind, MailMessage } from './mail-message.ts';
import { escapeHtml, mailButton, mailCode, mailDocument } from './mail-html.ts';

/** A notice as it is written: paragraphs, and at most one button (a link). */
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
    subject: 'Someone tried to sign up to SciAI with your address',
    paragraphs: [
      'Someone tried to create a SciAI account with this e-mail address, which already has one.',
      'If it was you, sign in with your password, or reset it if you have forgotten it.',
      'If it was not you, you can ignore this e-mail: nothing has changed.',
    ],
    action: { label: 'Sign in to SciAI', link: `${site}/auth/signin` },
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
    subject: 'The e-mail address of your SciAI account is being changed',
    paragraphs: [
      `Someone signed in to your SciAI account asked to change its e-mail address to ${newEmail}.`,
      'If it was you, there is nothing to do.',
      undoLink
        ? 'If it was not you, undo the change: the link below keeps this address on the account (or puts it back), signs out every device and lets you choose a new password. It works once, within 7 days.'
        : 'If it was not you, use the undo link of the earlier notice sent to the address the account had before, or reset your password at once.',
    ],
    action: undoLink
      ? { label: 'Undo the change and secure my account', link: undoLink }
      : { label: 'Reset my password', link: `${site}/auth/forgot-password` },
  };
}

export function reauthenticationNotice(to: string, code: string): Notice {
  return {
    kind: 'reauthentication',
    to,
    subject: 'Your SciAI confirmation code',
    paragraphs: [
      'Enter this code in SciAI to confirm a change of your password or e-mail address.',
      'The code works once, within 10 minutes.',
      'If you did not ask for it, someone may be signed in to your account: change your password and sign out the other devices in Settings → Security.',
    ],
    code,
  };
}

export function noticeMail(notice: Notice): MailMessage {
  const { action, code } = notice;
  const text = [
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(code ? [`Your code: ${code}`, ''] : []),
    ...(action ? [`${action.label}:`, action.link, ''] : []),
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    ...notice.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    code ? mailCode('Your code:', code) : '',
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
 * Sends a notice; a failure is logged and answered as GoTrue answers a failed mail, with
 * `failureMessage` where the notice stands in for another mail.
 */
export async function sendNotice(
  context: AuthContext,
  notice: Notice,
  failureMessage = 'Error sending email',
): Promise<void> {
  try {
    await context.mailer.send(noticeMail(notice));
  } catch (error) {
    context.log.error({ err: error, mail_type: notice.kind }, 'sending an auth e-mail failed');
    throw new AuthError(500, 'unexpected_failure', failureMessage);
  }
}
