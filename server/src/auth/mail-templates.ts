import { msg, t } from '@sciai/core';
import { codeLines, escapeHtml, mailButton, mailCode, mailDocument } from './mail-html.ts';
import type { MailMessage, VerificationMailKind } from './mail-message.ts';

export interface VerificationMail {
  to: string;
  /** `{origin}/auth/v1/verify?token=…&type=…&redirect_to=…` */
  link: string;
  /** The six-digit code, for apps that ask for it instead of following the link. */
  code: string;
  /** The site's page that takes the code (`/auth/confirm?…`), for a mail read on another device. */
  codePage: string;
}

/** Each text marked with msg() and translated, with t(), when a mail is written. */
interface Template {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

const TEMPLATES: Record<VerificationMailKind, Template> = {
  signup: {
    subject: msg('Confirm your SciAI account'),
    intro: msg('Welcome to SciAI! Confirm your e-mail address to finish creating your account.'),
    action: msg('Confirm my e-mail address'),
    validity: msg('The link works once, within 24 hours.'),
    ignore: msg('If you did not sign up for SciAI, you can ignore this e-mail.'),
  },
  recovery: {
    subject: msg('Reset your SciAI password'),
    intro: msg('Someone (hopefully you) asked to reset the password of your SciAI account.'),
    action: msg('Choose a new password'),
    validity: msg('The link works once, within 1 hour.'),
    ignore: msg('If you did not ask for this, ignore this e-mail: your password stays as it is.'),
  },
  email_change: {
    subject: msg('Confirm your new e-mail address for SciAI'),
    intro: msg('Confirm this address to make it the e-mail address of your SciAI account.'),
    action: msg('Confirm my new e-mail address'),
    validity: msg('The link works once, within 24 hours.'),
    ignore: msg('If you did not ask for this change, ignore this e-mail and your account keeps its current address.'),
  },
  magiclink: {
    subject: msg('Your SciAI sign-in link'),
    intro: msg('Someone (hopefully you) asked to sign in to SciAI with this e-mail address, without a password.'),
    action: msg('Sign in to SciAI'),
    validity: msg('The link works once, within 1 hour.'),
    ignore: msg('If you did not ask for this, ignore this e-mail: nobody can use it to sign in but you.'),
  },
  invite: {
    subject: msg('You are invited to SciAI'),
    intro: msg(
      'You have been invited to SciAI, where scientists find, compare and adopt AI tools. Accept the invitation to choose a password for your account.',
    ),
    action: msg('Accept the invitation'),
    validity: msg('The link works once, within 24 hours.'),
    ignore: msg('If you do not want an account, ignore this e-mail: nothing happens until the invitation is accepted.'),
  },
};

export function verificationMail(kind: VerificationMailKind, mail: VerificationMail): MailMessage {
  const template = TEMPLATES[kind];
  const intro = t(template.intro);
  const action = t(template.action);
  const validity = t(template.validity);
  const ignore = t(template.ignore);
  const text = [
    intro,
    '',
    t('{action}:', { action }),
    mail.link,
    '',
    ...codeLines('alternative', mail.code, mail.codePage),
    '',
    validity,
    ignore,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(intro)}</p>`,
    mailButton(action, mail.link),
    mailCode('alternative', mail.code, mail.codePage),
    `<p style="color: #5c5f66;">${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`,
  ]);
  return { kind, to: mail.to, subject: t(template.subject), text, html, links: [mail.link, mail.codePage] };
}
