import { CONTENT_TYPES, itemPath, t, type ContentType } from '@sciai/core';
import { escapeHtml, mailButton, mailDocument, mailQuote } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, pageUrl, payloadFields } from './outbox-payload.ts';

/**
 * The outbox kinds of claims (supabase/schemas/18_claims.sql): an admin's decision
 * (admin_decide_item_claim) and an item offered to a new maintainer (offer_item_claim_transfer).
 */
export const CLAIM_MAIL_KINDS = [
  'claim_approved',
  'claim_rejected',
  'claim_revoked',
  'claim_transfer_offered',
] as const;
export type ClaimMailKind = (typeof CLAIM_MAIL_KINDS)[number];

export interface ClaimPayload {
  title: string;
  contentType: ContentType | undefined;
  slug: string | undefined;
  reason: string | undefined;
}

export function isClaimMailKind(value: string): value is ClaimMailKind {
  return CLAIM_MAIL_KINDS.some((kind) => kind === value);
}

/** The payload as queued; undefined when it is malformed (payloadFields). */
export function parseClaimPayload(value: unknown): ClaimPayload | undefined {
  const payload = payloadFields(value);
  if (!payload) return undefined;
  const { text } = payload;
  const title = text('title');
  if (!title || !text('claim_id')) return undefined;
  const type = text('content_type');
  return {
    title,
    contentType: CONTENT_TYPES.find((candidate) => candidate === type),
    slug: text('slug'),
    reason: text('reason'),
  };
}

const LEADS: Record<ClaimMailKind, (title: string) => { subject: string; lead: string }> = {
  claim_approved: (title) => ({
    subject: t('You now maintain “{title}” on SciAI', { title }),
    lead: t(
      'An admin approved your claim of “{title}”. The item shows you as its maintainer, and you can edit its facts from its page.',
      { title },
    ),
  }),
  claim_rejected: (title) => ({
    subject: t('Your claim of “{title}” was not approved', { title }),
    lead: t('An admin reviewed your claim of “{title}” and did not approve it.', { title }),
  }),
  claim_revoked: (title) => ({
    subject: t('You no longer maintain “{title}” on SciAI', { title }),
    lead: t('An admin revoked your claim of “{title}”: the item no longer shows you as its maintainer.', { title }),
  }),
  claim_transfer_offered: (title) => ({
    subject: t('You are offered “{title}” to maintain on SciAI', { title }),
    lead: t(
      'The maintainer of “{title}” offers to hand the item over to you. Accept or decline in your settings, under Claims.',
      { title },
    ),
  }),
};

/** The e-mail of a claim's decision or a handover offer, always sent (it changes what the user may do). */
export function claimMail(input: {
  kind: ClaimMailKind;
  to: string;
  firstName: string | null;
  payload: ClaimPayload;
  site: string;
}): MailMessage {
  const { title, contentType, slug, reason } = input.payload;
  const { subject, lead } = LEADS[input.kind](title);
  const claimsUrl = pageUrl(input.site, '/settings?tab=claims');
  const itemUrl = contentType && slug ? pageUrl(input.site, itemPath(contentType, slug)) : undefined;
  const action =
    input.kind === 'claim_transfer_offered' || !itemUrl
      ? { label: t('See your claims'), url: claimsUrl }
      : { label: t('See the item'), url: itemUrl };
  const greeting = greetingFor(input.firstName);
  const reasonHeading = t('Reason from the admin:');
  const text = [
    greeting,
    '',
    lead,
    ...(reason ? ['', reasonHeading, reason] : []),
    '',
    t('{action}:', { action: action.label }),
    action.url,
    ...(action.url === claimsUrl ? [] : ['', t('Your claims are in your settings: {url}', { url: claimsUrl })]),
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    reason ? `<p><strong>${escapeHtml(reasonHeading)}</strong></p>\n${mailQuote(reason)}` : '',
    mailButton(action.label, action.url),
  ]);
  return { kind: input.kind, to: input.to, subject, text, html, links: [action.url] };
}
