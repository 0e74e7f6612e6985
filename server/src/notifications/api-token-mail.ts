import { currentLocale, formatDate, t } from '@sciai/core';
import { escapeHtml, mailButton, mailDocument } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, pageUrl, payloadFields } from './outbox-payload.ts';

/** The outbox kind create_api_token queues (supabase/schemas/13_api_tokens.sql). */
export const API_TOKEN_MAIL_KIND = 'api_token_created';

/** What create_api_token stores in the outbox row: never the token, only what tells it apart. */
export interface ApiTokenPayload {
  name: string;
  tokenPrefix: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface ApiTokenMailInput {
  to: string;
  firstName: string | null;
  payload: ApiTokenPayload;
  /** The site's public address without a trailing slash (PUBLIC_URL or the gateway's own). */
  site: string;
}

/** The payload as queued; undefined when it is malformed (payloadFields). */
export function parseApiTokenPayload(value: unknown): ApiTokenPayload | undefined {
  const payload = payloadFields(value);
  if (!payload) return undefined;
  const { text } = payload;
  const date = (key: string) => {
    const field = text(key);
    const parsed = field === undefined ? Number.NaN : Date.parse(field);
    return Number.isNaN(parsed) ? undefined : new Date(parsed);
  };
  const name = text('name');
  const tokenPrefix = text('token_prefix');
  const createdAt = date('created_at');
  const expiresAt = date('expires_at');
  if (!name || !tokenPrefix || !createdAt || !expiresAt) return undefined;
  return { name, tokenPrefix, createdAt, expiresAt };
}

/**
 * A moment as every reader reads it, whatever their time zone: "7 December 2026, 05:07 UTC" in
 * English (day first, as these mails have always written it), the language's own way elsewhere.
 */
function utc(moment: Date): string {
  if (currentLocale() !== 'en') {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' };
    return formatDate(moment, options);
  }
  const day = moment.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = moment.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/**
 * The notice of a new token, always sent (a security e-mail, like a confirmation code): its owner
 * learns of a token they did not make and where to revoke it. Names it by its first characters.
 */
export function apiTokenMail(input: ApiTokenMailInput): MailMessage {
  const { name, tokenPrefix, createdAt, expiresAt } = input.payload;
  const settingsUrl = pageUrl(input.site, '/settings?tab=security');
  const greeting = greetingFor(input.firstName);
  const lead = t('A new API token, “{name}”, was created for your SciAI account on {date}.', {
    name,
    date: utc(createdAt),
  });
  const facts = t('It begins {prefix}… and expires on {date}. It can read what your account can read.', {
    prefix: tokenPrefix,
    date: utc(expiresAt),
  });
  const ifYou = t('If it was you, there is nothing to do.');
  const ifNot = t(
    'If it was not you, someone can use your account: revoke the token in Settings → Security, then change your password, which also revokes every API token and signs out your other devices.',
  );
  const action = { label: t('Review your API tokens'), url: settingsUrl };
  const text = [
    greeting,
    '',
    lead,
    facts,
    '',
    ifYou,
    ifNot,
    '',
    t('{action}:', { action: action.label }),
    action.url,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)} ${escapeHtml(facts)}</p>`,
    `<p>${escapeHtml(ifYou)} ${escapeHtml(ifNot)}</p>`,
    mailButton(action.label, action.url),
  ]);
  return {
    kind: API_TOKEN_MAIL_KIND,
    to: input.to,
    subject: t('A new API token was created for your SciAI account'),
    text,
    html,
    links: [action.url],
  };
}
