import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AuthEnvironment } from './context.ts';
import { MAILBOX_DIRECTORY, writeToMailbox } from './mailbox.ts';
import type { Mailer, MailMessage } from './mail-message.ts';

/** SMTP when SMTP_URL is set (e.g. smtps://user:pass@smtp.example.org:465), else the dev mailbox. */
export function createMailer(environment: AuthEnvironment, dataDir: string): Mailer {
  return environment.smtpUrl
    ? smtpMailer(environment.smtpUrl, environment.mailFrom)
    : mailboxMailer(join(dataDir, MAILBOX_DIRECTORY), environment.mailFrom);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    description: `SMTP (${safeHost(smtpUrl)})`,
    async send(message) {
      await transport.sendMail({ from, ...envelope(message) });
    },
    close: () => transport.close(),
  };
}

/** Development: each mail becomes a file in DATA_DIR/mail, read by `sciai mail` and the tests. */
function mailboxMailer(directory: string, from: string): Mailer {
  // nodemailer renders the .eml, so the stored message is exactly what SMTP would carry.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `dev mailbox (${directory})`,
    async send(message) {
      const date = new Date();
      const info = await renderer.sendMail({ from, date, ...envelope(message) });
      const raw: unknown = info.message;
      const eml = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
      const { kind, to, subject, text, html, links } = message;
      await writeToMailbox(directory, { kind, from, to, subject, text, html, links }, eml, date);
    },
    close: () => renderer.close(),
  };
}

function envelope(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { ...message.headers, 'X-SciAI-Mail-Kind': message.kind },
  };
}

function safeHost(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).host;
  } catch {
    return 'configured server';
  }
}
