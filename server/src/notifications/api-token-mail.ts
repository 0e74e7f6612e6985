import { escapeHtml, mailButton, mailDocument } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, payloadFields } from './outbox-payload.ts';

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

/** A moment as every reader reads it, whatever their time zone: "7 December 2026, 05:07 UTC". */
function utc(moment: Date): string {
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
  const settingsUrl = `${input.site}/settings?tab=security`;
  const greeting = greetingFor(input.firstName);
  const lead = `A new API token, “${name}”, was created for your SciAI account on ${utc(createdAt)}.`;
  const facts = `It begins ${tokenPrefix}… and expires on ${utc(expiresAt)}. It can read what your account can read.`;
  const ifYou = 'If it was you, there is nothing to do.';
  const ifNot =
    'If it was not you, someone can use your account: revoke the token in Settings → Security, then change your password, which also revokes every API token and signs out your other devices.';
  const action = { label: 'Review your API tokens', url: settingsUrl };
  const text = [
    greeting,
    '',
    lead,
    facts,
    '',
    ifYou,
    ifNot,
    '',
    `${action.label}:`,
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
    subject: 'A new API token was created for your SciAI account',
    text,
    html,
    links: [action.url],
  };
}
