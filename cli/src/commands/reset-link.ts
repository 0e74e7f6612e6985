import { setTimeout as sleep } from 'node:timers/promises';

const WAIT_MS = 3_000;
const POLL_MS = 100;

/**
 * The recovery link of the newest mail to `email` since `since` in the local mailbox
 * (DATA_DIR/mail), or undefined when none arrives: the server may send mail by SMTP instead.
 */
export async function findResetLink(env: NodeJS.ProcessEnv, email: string, since: Date): Promise<string | undefined> {
  const { loadConfig, readMailbox } = await import('@sciai/server');
  const dataDir = loadConfig(env).dataDir;
  const wanted = email.toLowerCase();
  const deadline = Date.now() + WAIT_MS;
  // Mail times have millisecond precision; allow for the clock tick between the two processes.
  const after = since.getTime() - 1_000;
  while (Date.now() < deadline) {
    const mails = readMailbox(dataDir).filter(
      (mail) => mail.kind === 'recovery' && mail.to.toLowerCase() === wanted && Date.parse(mail.date) >= after,
    );
    const link = mails.at(-1)?.links[0];
    if (link) return link;
    await sleep(POLL_MS);
  }
  return undefined;
}
