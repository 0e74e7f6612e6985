import type { MailMessage, VerificationMailKind } from './mail-message.ts';

export interface VerificationMail {
  to: string;
  /** `{origin}/auth/v1/verify?token=…&type=…&redirect_to=…` */
  link: string;
  /** The six-digit code, for apps that ask for it instead of following the link. */
  code: string;
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
    '',
    template.validity,
    template.ignore,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e; max-width: 560px; margin: 0 auto; padding: 24px;">
<p>${escapeHtml(template.intro)}</p>
<p><a href="${escapeHtml(mail.link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(template.action)}</a></p>
<p>Or enter this code: <strong style="font-size: 1.2em; letter-spacing: 0.1em;">${escapeHtml(mail.code)}</strong></p>
<p style="color: #5c5f66;">${escapeHtml(template.validity)} ${escapeHtml(template.ignore)}</p>
<p style="color: #5c5f66;">— SciAI</p>
</body>
</html>
`;
  return { kind, to: mail.to, subject: template.subject, text, html, links: [mail.link] };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
