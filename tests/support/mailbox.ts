import { readMailbox, type StoredMail } from '@sciai/server';

/** The dev mailbox of a backend (DATA_DIR/mail): tests read the real mails the auth service wrote. */
export type Mail = StoredMail;
export { readMailbox };

/** The mails sent to `to` (any letter case), oldest first. */
export function mailsTo(dataDir: string, to: string): Mail[] {
  return readMailbox(dataDir).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits for the `count`-th mail to `to` (of `kind`, if given): mails are written after the
 * answer is sent for a password reset, so a test polls instead of reading at once.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  options: { kind?: Mail['kind']; count?: number; timeoutMs?: number } = {},
): Promise<Mail> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mails = mailsTo(dataDir, to).filter((mail) => !options.kind || mail.kind === options.kind);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) {
      throw new Error(`no ${options.kind ?? ''} mail #${count} to ${to} within the time limit (found ${mails.length})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The verification link of a mail (the auth service puts exactly one in each). */
export function linkIn(mail: Mail): string {
  const link = mail.links[0];
  if (!link) throw new Error(`mail "${mail.subject}" has no link`);
  if (!mail.text.includes(link)) throw new Error('the link is not in the text of the mail');
  return link;
}

/** The six-digit code printed in a mail, for verifyOtp({ email, token }). */
export function codeIn(mail: Mail): string {
  const code = /code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`mail "${mail.subject}" has no code`);
  return code;
}
