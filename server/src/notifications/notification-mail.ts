import {
  describeNotification,
  NOTIFICATION_KINDS,
  parseNotificationPayload,
  type NotificationEmailCategory,
  type NotificationKind,
  type NotificationPayload,
} from '@sciai/core';
import { escapeHtml, mailButton, mailDocument } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, payloadFields } from './outbox-payload.ts';
import type { UnsubscribeScope } from './unsubscribe-token.ts';

/** The outbox kinds of 25_notification_events.sql: one notification at once, or a digest. */
export const NOTIFICATION_MAIL_KIND = 'notification';
export const DIGEST_MAIL_KIND = 'notification_digest';

/** How each category is named in a mail's "why" line and on the unsubscribe page. */
export const EMAIL_SCOPE_NAMES: Record<UnsubscribeScope, string> = {
  new_items: 'new items in what you follow',
  item_updates: 'changes to items you follow',
  reviews: 'new reviews of items you follow or maintain',
  replies: 'replies to your reviews',
  decisions: 'decisions on your contributions',
  daily: 'your daily digest',
  weekly: 'your weekly digest',
};

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
  const settingsUrl = `${input.site}/settings?tab=notifications`;
  return {
    text: [`${why} Choose what is e-mailed and when at ${settingsUrl}`, `Stop these e-mails: ${input.unsubscribeUrl}`],
    html: `<p style="color: #5c5f66;">${escapeHtml(why)} <a href="${escapeHtml(settingsUrl)}">Choose what is e-mailed and when</a>, or <a href="${escapeHtml(input.unsubscribeUrl)}">stop these e-mails</a>.</p>`,
  };
}

/** One notification e-mailed at once: its line, a link to it, the settings and the unsubscribe link. */
export function instantNotificationMail(input: MailInput & { payload: InstantNotificationPayload }): MailMessage {
  const { kind, payload, category } = input.payload;
  const line = describeNotification(kind, payload);
  const url = `${input.site}${payload.path}`;
  const greeting = greetingFor(input.firstName);
  const why = `You receive this e-mail because you have ${EMAIL_SCOPE_NAMES[category]} e-mailed at once.`;
  const end = footer(input, why);
  const text = [greeting, '', `${line}.`, '', 'Open it on SciAI:', url, '', ...end.text, '', '— SciAI', ''].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(line)}.</p>`,
    mailButton('Open it on SciAI', url),
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
  const word = period === 'daily' ? 'daily' : 'weekly';
  const noun = count === 1 ? 'notification' : 'notifications';
  const subject = `Your ${word} SciAI digest: ${count.toLocaleString('en-US')} ${noun}`;
  const allUrl = `${input.site}/notifications`;
  const lines = entries.map((entry) => ({
    line: describeNotification(entry.kind, entry.payload),
    url: `${input.site}${entry.payload.path}`,
  }));
  const more = count - entries.length;
  const moreLine =
    more > 0 ? `And ${more.toLocaleString('en-US')} more: ${allUrl}` : `All your notifications: ${allUrl}`;
  const greeting = greetingFor(input.firstName);
  const lead =
    period === 'daily' ? 'Here is what happened in the last day:' : 'Here is what happened in the last week:';
  const why = `You receive this e-mail because you chose a ${word} digest for some notifications.`;
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
    more > 0
      ? `<p><a href="${escapeHtml(allUrl)}">And ${more.toLocaleString('en-US')} more</a></p>`
      : `<p><a href="${escapeHtml(allUrl)}">All your notifications</a></p>`,
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
