import type pg from 'pg';
import { isLocale, t, type Locale } from '@sciai/core';
import { escapeHtml } from '../auth/mail-html.ts';
import { inLanguage } from '../i18n/server-i18n.ts';
import type { MailMessage, Mailer } from '../auth/mail-message.ts';
import { API_TOKEN_MAIL_KIND, apiTokenMail, parseApiTokenPayload } from './api-token-mail.ts';
import { claimMail, isClaimMailKind, parseClaimPayload } from './claim-mail.ts';
import {
  MAINTAINED_ITEM_REVIEW_MAIL_KIND,
  maintainedItemReviewMail,
  parseMaintainedItemReviewPayload,
} from './maintained-item-review-mail.ts';
import { NOTIFICATION_CATEGORY_OF } from '@sciai/core';
import {
  DIGEST_MAIL_KIND,
  digestMail,
  instantNotificationMail,
  NOTIFICATION_MAIL_KIND,
  parseDigestPayload,
  parseInstantNotificationPayload,
  unsubscribeHeaders,
} from './notification-mail.ts';
import { isReviewMailKind, parseReviewPayload, reviewMail } from './review-mail.ts';
import { signUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.ts';

/** How often the outbox is looked at; a decision's e-mail leaves within about this long. */
export const OUTBOX_POLL_INTERVAL_MS = 2_000;
const BATCH_SIZE = 20;
/** How long a claimed row stays with this mailer before another may retry it. */
const LEASE_SECONDS = 300;

export interface OutboxLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface OutboxMailerOptions {
  pool: pg.Pool;
  mailer: Mailer;
  /** The site's public address (no trailing slash) for the links in the mails. */
  site: () => string;
  /** The server's JWT secret, from which the unsubscribe links' signing key is derived. */
  unsubscribeSecret: string;
  log: OutboxLog;
  intervalMs?: number;
}

export interface OutboxMailer {
  /** Sends everything due now; resolves to the number of mails sent. */
  drainNow(): Promise<number>;
  /** Stops polling and waits for the mail being sent, so shutdown never cuts one in half. */
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  email: string | null;
  first_name: string | null;
  recipient_id: string;
  /** The recipient's language (user_profiles.preferred_language); null or unknown: English. */
  preferred_language: string | null;
}

/**
 * Works public.notification_outbox off the request path: at start and every few seconds it
 * claims due rows (skip locked, so several server processes share the work), sends each through
 * the auth service's transport and marks it sent, or failed with a backoff. One pass at a time;
 * the timer does not keep the process alive.
 */
export function startOutboxMailer(options: OutboxMailerOptions): OutboxMailer {
  const { pool, log } = options;
  let running: Promise<number> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const sendOne = async (row: ClaimedRow): Promise<boolean> => {
    try {
      if (!row.email) throw new Error('the recipient has no e-mail address');
      const site = options.site();
      const locale: Locale = isLocale(row.preferred_language) ? row.preferred_language : 'en';
      // The link stays the same address in every language; `lang` only words its page.
      const unsubscribeUrl = (scope: UnsubscribeScope) =>
        `${site}/unsubscribe?token=${signUnsubscribeToken(options.unsubscribeSecret, {
          userId: row.recipient_id,
          scope,
          issuedAt: Date.now() / 1000,
        })}${locale === 'en' ? '' : `&lang=${locale}`}`;
      const email = row.email;
      await options.mailer.send(inLanguage(locale, () => messageOf(row, email, site, unsubscribeUrl)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ notification_id: row.id, attempts: row.attempts, error: reason }, 'sending an outbox e-mail failed');
      await pool.query('select public.mark_notification_failed($1, $2)', [row.id, reason]);
      return false;
    }
    await pool.query('select public.mark_notification_sent($1)', [row.id]);
    return true;
  };

  const drain = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const { rows } = await pool.query<ClaimedRow>(
        'select id::text, kind, payload, attempts, email, first_name, recipient_id, preferred_language from public.claim_notification_batch($1, $2)',
        [BATCH_SIZE, LEASE_SECONDS],
      );
      for (const row of rows) if (await sendOne(row)) sent += 1;
      if (rows.length < BATCH_SIZE) return sent;
    }
  };

  const drainNow = () => {
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  };

  const tick = () => {
    drainNow().then(
      (sent) => {
        if (sent > 0) log.info({ sent }, 'outbox e-mails sent');
      },
      (error: unknown) =>
        log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'the notification outbox could not be read',
        ),
    );
  };
  // setTimeout after each pass rather than setInterval: a slow SMTP server never piles passes up.
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick();
      void (running ?? Promise.resolve()).catch(() => {}).finally(schedule);
    }, options.intervalMs ?? OUTBOX_POLL_INTERVAL_MS);
    timer.unref();
  };
  tick();
  schedule();

  return {
    drainNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

/**
 * The mail an outbox row asks for; an unknown kind or a malformed payload is a failed send. Mails
 * of a category the user can turn off carry its one-click unsubscribe (RFC 8058); security mails
 * and claim decisions, always sent, do not.
 */
function messageOf(
  row: ClaimedRow,
  to: string,
  site: string,
  unsubscribeUrl: (scope: UnsubscribeScope) => string,
): MailMessage {
  const firstName = row.first_name;
  if (row.kind === NOTIFICATION_MAIL_KIND) {
    const payload = parseInstantNotificationPayload(row.payload, (kind) => NOTIFICATION_CATEGORY_OF[kind]);
    if (payload)
      return instantNotificationMail({
        to,
        firstName,
        payload,
        site,
        unsubscribeUrl: unsubscribeUrl(payload.category),
      });
  } else if (row.kind === DIGEST_MAIL_KIND) {
    const payload = parseDigestPayload(row.payload);
    if (payload) return digestMail({ to, firstName, payload, site, unsubscribeUrl: unsubscribeUrl(payload.period) });
  } else if (row.kind === API_TOKEN_MAIL_KIND) {
    const payload = parseApiTokenPayload(row.payload);
    if (payload) return apiTokenMail({ to, firstName, payload, site });
  } else if (isClaimMailKind(row.kind)) {
    const payload = parseClaimPayload(row.payload);
    if (payload) return claimMail({ kind: row.kind, to, firstName, payload, site });
  } else if (row.kind === MAINTAINED_ITEM_REVIEW_MAIL_KIND) {
    const payload = parseMaintainedItemReviewPayload(row.payload);
    if (payload)
      return withUnsubscribe(maintainedItemReviewMail({ to, firstName, payload, site }), unsubscribeUrl('reviews'));
  } else if (isReviewMailKind(row.kind)) {
    const payload = parseReviewPayload(row.payload);
    if (payload)
      return withUnsubscribe(reviewMail({ kind: row.kind, to, firstName, payload, site }), unsubscribeUrl('decisions'));
  }
  throw new Error(`unreadable outbox row (kind ${row.kind})`);
}

function withUnsubscribe(message: MailMessage, url: string): MailMessage {
  const line = t('Stop these e-mails: {url}', { url });
  return {
    ...message,
    text: message.text.replace(/\n— SciAI\n$/, `\n${line}\n\n— SciAI\n`),
    html: message.html.replace(
      '<p style="color: #5c5f66;">— SciAI</p>',
      `<p style="color: #5c5f66;"><a href="${escapeHtml(url)}">${escapeHtml(t('Stop these e-mails'))}</a></p>\n<p style="color: #5c5f66;">— SciAI</p>`,
    ),
    headers: { ...message.headers, ...unsubscribeHeaders(url) },
  };
}
