import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { AuthEnvironment } from '../auth/context.ts';
import { createMailer } from '../auth/mailer.ts';
import type { ScheduledJobs } from '../jobs/scheduled-jobs.ts';
import { startOutboxMailer } from './outbox-mailer.ts';

/**
 * Review-decision e-mails for a gateway with a local database: once the gateway listens (its
 * address is the fallback for the links when PUBLIC_URL is unset), the outbox mailer joins the
 * scheduled jobs, which run on the one server holding the job lock; it stops before the gateway
 * closes. It uses its own instance of the auth service's transport (SMTP_URL, else the dev
 * mailbox), so the two shut down independently.
 */
export function registerReviewMail(
  app: FastifyInstance,
  pool: pg.Pool,
  jobs: ScheduledJobs,
  environment: AuthEnvironment,
  dataDir: string,
  /** The server's JWT secret: the unsubscribe links are signed with a key derived from it. */
  jwtSecret: string,
  /** How often the outbox is looked at (default OUTBOX_POLL_INTERVAL_MS). */
  intervalMs?: number,
): void {
  const log = app.log.child({ service: 'review-mail' });
  let remove: (() => Promise<void>) | undefined;
  const mailer = createMailer(environment, dataDir);
  const site = () => environment.publicUrl ?? listeningOrigin(app.addresses());

  app.addHook('onListen', async () => {
    // onListen runs once per address the gateway listens on; one outbox mailer is enough.
    if (remove) return;
    remove = jobs.add({
      name: 'outbox-mailer',
      start: () => {
        log.info({ mail: mailer.description }, 'review e-mails: outbox mailer started');
        return startOutboxMailer({ pool, mailer, site, log, intervalMs, unsubscribeSecret: jwtSecret });
      },
    });
  });
  app.addHook('onClose', async () => {
    await remove?.();
    mailer.close();
  });
}

/** http://host:port of the first address the gateway listens on (a wildcard means this machine). */
export function listeningOrigin(addresses: Array<AddressInfo | string>): string {
  // A string is a Unix socket or a pipe: no address a mail could link to.
  const address = addresses.find((candidate) => typeof candidate !== 'string');
  if (!address) return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
