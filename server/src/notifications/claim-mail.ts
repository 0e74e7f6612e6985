import { CONTENT_TYPES, itemPath, type ContentType } from '@sciai/core';
import { escapeHtml, mailButton, mailDocument } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, payloadFields } from './outbox-payload.ts';

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

const LEADS: Record<ClaimMailKind, (quoted: string) => { subject: string; lead: string }> = {
  claim_approved: (quoted) => ({
    subject: `You now maintain ${quoted} on SciAI`,
    lead: `An admin approved your claim of ${quoted}. The item shows you as its maintainer, and you can edit its facts from its page.`,
  }),
  claim_rejected: (quoted) => ({
    subject: `Your claim of ${quoted} was not approved`,
    lead: `An admin reviewed your claim of ${quoted} and did not approve it.`,
  }),
  claim_revoked: (quoted) => ({
    subject: `You no longer maintain ${quoted} on SciAI`,
    lead: `An admin revoked your claim of ${quoted}: the item no longer shows you as its maintainer.`,
  }),
  claim_transfer_offered: (quoted) => ({
    subject: `You are offered ${quoted} to maintain on SciAI`,
    lead: `The maintainer of ${quoted} offers to hand the item over to you. Accept or decline in your settings, under Claims.`,
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
  const { subject, lead } = LEADS[input.kind](`“${title}”`);
  const claimsUrl = `${input.site}/settings?tab=claims`;
  const itemUrl = contentType && slug ? `${input.site}${itemPath(contentType, slug)}` : undefined;
  const action =
    input.kind === 'claim_transfer_offered' || !itemUrl
      ? { label: 'See your claims', url: claimsUrl }
      : { label: 'See the item', url: itemUrl };
  const greeting = greetingFor(input.firstName);
  const text = [
    greeting,
    '',
    lead,
    ...(reason ? ['', 'Reason from the admin:', reason] : []),
    '',
    `${action.label}:`,
    action.url,
    ...(action.url === claimsUrl ? [] : ['', `Your claims are in your settings: ${claimsUrl}`]),
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    reason
      ? `<p><strong>Reason from the admin:</strong></p>\n<blockquote style="margin: 0 0 1em; padding-left: 12px; border-left: 3px solid #ced4da; white-space: pre-wrap;">${escapeHtml(reason)}</blockquote>`
      : '',
    mailButton(action.label, action.url),
  ]);
  return { kind: input.kind, to: input.to, subject, text, html, links: [action.url] };
}
