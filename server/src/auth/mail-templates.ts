import { escapeHtml, mailButton, mailCode, mailDocument } from './mail-html.ts';
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

interface Template {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

const TEMPLATES: Record<VerificationMailKind, Template> = {
  signup: {
    subject: 'Confirm your SciAI account',
    intro: 'Welcome to SciAI! Confirm your e-mail address to finish creating your account.',
    action: 'Confirm my e-mail address',
    validity: 'The link works once, within 24 hours.',
    ignore: 'If you did not sign up for SciAI, you can ignore this e-mail.',
  },
  recovery: {
    subject: 'Reset your SciAI password',
    intro: 'Someone (hopefully you) asked to reset the password of your SciAI account.',
    action: 'Choose a new password',
    validity: 'The link works once, within 1 hour.',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  email_change: {
    subject: 'Confirm your new e-mail address for SciAI',
    intro: 'Confirm this address to make it the e-mail address of your SciAI account.',
    action: 'Confirm my new e-mail address',
    validity: 'The link works once, within 24 hours.',
    ignore: 'If you did not ask for this change, ignore this e-mail and your account keeps its current address.',
  },
  magiclink: {
    subject: 'Your SciAI sign-in link',
    intro: 'Someone (hopefully you) asked to sign in to SciAI with this e-mail address, without a password.',
    action: 'Sign in to SciAI',
    validity: 'The link works once, within 1 hour.',
    ignore: 'If you did not ask for this, ignore this e-mail: nobody can use it to sign in but you.',
  },
  invite: {
    subject: 'You are invited to SciAI',
    intro:
      'You have been invited to SciAI, where scientists find, compare and adopt AI tools. Accept the invitation to choose a password for your account.',
    action: 'Accept the invitation',
    validity: 'The link works once, within 24 hours.',
    ignore: 'If you do not want an account, ignore this e-mail: nothing happens until the invitation is accepted.',
  },
};

export function verificationMail(kind: VerificationMailKind, mail: VerificationMail): MailMessage {
  const template = TEMPLATES[kind];
  const text = [
    template.intro,
    '',
    `${template.action}:`,
    mail.link,
    '',
    `Or enter this code: ${mail.code}`,
    `on ${mail.codePage}`,
    '',
    template.validity,
    template.ignore,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(template.intro)}</p>`,
    mailButton(template.action, mail.link),
    mailCode('Or enter this code:', mail.code, mail.codePage),
    `<p style="color: #5c5f66;">${escapeHtml(template.validity)} ${escapeHtml(template.ignore)}</p>`,
  ]);
  return { kind, to: mail.to, subject: template.subject, text, html, links: [mail.link, mail.codePage] };
}
