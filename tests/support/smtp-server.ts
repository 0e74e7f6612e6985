import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  stop(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server package), collecting what it is sent; it
 * answers 550 to the recipients `refuse` picks, as a server does for an unknown mailbox.
 */
export async function startSmtpServer(
  options: { refuse?: (address: string) => boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no TCP address');
  return { port: address.port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The ASCII text of a raw message as nodemailer writes it (soft line breaks and =XX undone). */
export function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits until the server has received a mail for `to` that `matches`. */
export async function waitForSmtpMail(
  server: TestSmtpServer,
  to: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = server.received.find((candidate) => candidate.to.includes(to) && matches(candidate));
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no SMTP mail to ${to} within the time limit (received ${server.received.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
