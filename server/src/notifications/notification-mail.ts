import {
  describeNotification,
  t,
  NOTIFICATION_KINDS,
  parseNotificationPayload,
  type NotificationEmailCategory,
  type NotificationKind,
  type NotificationPayload,
} from '@sciai/core';
import { escapeHtml, linkTo, mailButton, mailDocument, withMarkup } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, pageUrl, payloadFields } from './outbox-payload.ts';
import type { UnsubscribeScope } from './unsubscribe-token.ts';

/** The outbox kinds of 25_notification_events.sql: one notification at once, or a digest. */
export const NOTIFICATION_MAIL_KIND = 'notification';
export const DIGEST_MAIL_KIND = 'notification_digest';

/**
 * What an unsubscribe link stops, as the unsubscribe page says it: one sentence per category
 * (ICU select), so each language words the whole sentence.
 */
export function noLongerEmailed(scope: UnsubscribeScope): string {
  return t(
    'You will no longer get e-mails about {scope, select, new_items {new items in what you follow} item_updates {changes to items you follow} reviews {new reviews of items you follow or maintain} replies {replies to your reviews} decisions {decisions on your contributions} daily {your daily digest} other {your weekly digest}}. You still see every notification in SciAI.',
    { scope },
  );
}

export interface NotificationEntry {
  kind: NotificationKind;
  payload: NotificationPayload;
}

export interface InstantNotificationPayload extends NotificationEntry {
  category: NotificationEmailCategory;
}

export interface DigestPayload {
  period: 'daily' | 'weekly';
  /** How many notifications the digest took (it lists the newest 50). */
  count: number;
  entries: NotificationEntry[];
}

function entryOf(value: unknown): NotificationEntry | undefined {
  const fields = payloadFields(value);
  const kind = NOTIFICATION_KINDS.find((candidate) => candidate === fields?.text('kind'));
  const payload = parseNotificationPayload(fields?.field('payload'));
  return kind && payload ? { kind, payload } : undefined;
}

/** An instant notification's outbox payload; undefined when malformed. */
export function parseInstantNotificationPayload(
  value: unknown,
  categoryOf: (kind: NotificationKind) => NotificationEmailCategory,
): InstantNotificationPayload | undefined {
  const entry = entryOf(value);
  return entry ? { ...entry, category: categoryOf(entry.kind) } : undefined;
}

/** A digest's outbox payload; undefined when malformed or empty (an empty digest is never sent). */
export function parseDigestPayload(value: unknown): DigestPayload | undefined {
  const fields = payloadFields(value);
  const period = fields?.text('period');
  const count = fields?.field('count');
  const entries = fields?.field('entries');
  if ((period !== 'daily' && period !== 'weekly') || typeof count !== 'number' || !Array.isArray(entries)) {
    return undefined;
  }
  const read = entries.map(entryOf).filter((entry): entry is NotificationEntry => entry !== undefined);
  if (read.length === 0) return undefined;
  return { period, count: Math.max(count, read.length), entries: read };
}

/** RFC 8058: a one-click unsubscribe a mail client can POST to, and the same link for people. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

interface MailInput {
  to: string;
  firstName: string | null;
  site: string;
  unsubscribeUrl: string;
}

function footer(input: MailInput, why: string): { text: string[]; html: string } {
  const settingsUrl = pageUrl(input.site, '/settings?tab=notifications');
  const sentence = t('{why} <0>Choose what is e-mailed and when</0>, or <1>stop these e-mails</1>.', { why });
  return {
    text: [
      t('{why} Choose what is e-mailed and when at {url}', { why, url: settingsUrl }),
      t('Stop these e-mails: {url}', { url: input.unsubscribeUrl }),
    ],
    html: `<p style="color: #5c5f66;">${withMarkup(sentence, { 0: linkTo(settingsUrl), 1: linkTo(input.unsubscribeUrl) })}</p>`,
  };
}

/** Why an instant mail was sent: its category is e-mailed at once. */
function instantWhy(category: NotificationEmailCategory): string {
  return t(
    'You receive this e-mail because you have {category, select, new_items {new items in what you follow} item_updates {changes to items you follow} reviews {new reviews of items you follow or maintain} replies {replies to your reviews} other {decisions on your contributions}} e-mailed at once.',
    { category },
  );
}

/** One notification e-mailed at once: its line, a link to it, the settings and the unsubscribe link. */
export function instantNotificationMail(input: MailInput & { payload: InstantNotificationPayload }): MailMessage {
  const { kind, payload, category } = input.payload;
  const line = describeNotification(kind, payload);
  const url = pageUrl(input.site, payload.path);
  const greeting = greetingFor(input.firstName);
  const end = footer(input, instantWhy(category));
  const sentence = t('{line}.', { line });
  const open = t('Open it on SciAI');
  const text = [
    greeting,
    '',
    sentence,
    '',
    t('{action}:', { action: open }),
    url,
    '',
    ...end.text,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(sentence)}</p>`,
    mailButton(open, url),
    end.html,
  ]);
  return {
    kind: NOTIFICATION_MAIL_KIND,
    to: input.to,
    subject: line,
    text,
    html,
    links: [url, input.unsubscribeUrl],
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}

/** A daily or weekly digest: one line and link per notification, newest first. */
export function digestMail(input: MailInput & { payload: DigestPayload }): MailMessage {
  const { period, count, entries } = input.payload;
  const daily = period === 'daily';
  const subject = daily
    ? t('Your daily SciAI digest: {count, plural, one {# notification} other {# notifications}}', { count })
    : t('Your weekly SciAI digest: {count, plural, one {# notification} other {# notifications}}', { count });
  const allUrl = pageUrl(input.site, '/notifications');
  const lines = entries.map((entry) => ({
    line: describeNotification(entry.kind, entry.payload),
    url: pageUrl(input.site, entry.payload.path),
  }));
  const more = count - entries.length;
  const moreLine =
    more > 0
      ? t('And {count, plural, other {# more}}: {url}', { count: more, url: allUrl })
      : t('All your notifications: {url}', { url: allUrl });
  const greeting = greetingFor(input.firstName);
  const lead = daily ? t('Here is what happened in the last day:') : t('Here is what happened in the last week:');
  const why = daily
    ? t('You receive this e-mail because you chose a daily digest for some notifications.')
    : t('You receive this e-mail because you chose a weekly digest for some notifications.');
  const end = footer(input, why);
  const text = [
    greeting,
    '',
    lead,
    '',
    ...lines.flatMap(({ line, url }) => [`- ${line}`, `  ${url}`]),
    '',
    moreLine,
    '',
    ...end.text,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<ul>${lines.map(({ line, url }) => `<li><a href="${escapeHtml(url)}">${escapeHtml(line)}</a></li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(allUrl)}">${escapeHtml(
      more > 0 ? t('And {count, plural, other {# more}}', { count: more }) : t('All your notifications'),
    )}</a></p>`,
    end.html,
  ]);
  return {
    kind: DIGEST_MAIL_KIND,
    to: input.to,
    subject,
    text,
    html,
    links: [allUrl, input.unsubscribeUrl],
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}
