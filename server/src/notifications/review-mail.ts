import { CONTENT_TYPES, itemPath, type ContentType } from '@sciai/core';
import { escapeHtml, mailButton, mailDocument } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, payloadFields } from './outbox-payload.ts';

/** The outbox kinds (public.notification_outbox.kind), one per moderator decision. */
export const REVIEW_MAIL_KINDS = [
  'submission_approved',
  'submission_changes_requested',
  'submission_rejected',
] as const;
export type ReviewMailKind = (typeof REVIEW_MAIL_KINDS)[number];

/** What the decision trigger stores in the outbox row's payload. */
export interface ReviewPayload {
  submissionId: string;
  title: string;
  contentType: ContentType | undefined;
  /** The moderator's reason (changes requested, rejected). */
  reason: string | undefined;
  /** The published item's slug (approved). */
  slug: string | undefined;
}

export interface ReviewMailInput {
  kind: ReviewMailKind;
  to: string;
  firstName: string | null;
  payload: ReviewPayload;
  /** The site's public address without a trailing slash (PUBLIC_URL or the gateway's own). */
  site: string;
}

export function isReviewMailKind(value: string): value is ReviewMailKind {
  return REVIEW_MAIL_KINDS.some((kind) => kind === value);
}

/** The payload as queued; undefined when it is malformed (payloadFields). */
export function parseReviewPayload(value: unknown): ReviewPayload | undefined {
  const payload = payloadFields(value);
  if (!payload) return undefined;
  const { text } = payload;
  const title = text('title');
  const submissionId = text('submission_id');
  if (!title || !submissionId) return undefined;
  const type = text('content_type');
  return {
    submissionId,
    title,
    contentType: CONTENT_TYPES.find((candidate) => candidate === type),
    reason: text('reason'),
    slug: text('slug'),
  };
}

interface Body {
  subject: string;
  lead: string;
  reason: string | undefined;
  /** The call to action and its link: the item for an approval, else the profile. */
  action: { label: string; url: string };
}

function bodyOf(input: ReviewMailInput, profileUrl: string): Body {
  const { title, reason, slug, contentType } = input.payload;
  const quoted = `“${title}”`;
  switch (input.kind) {
    case 'submission_approved': {
      const itemUrl = slug && contentType ? `${input.site}${itemPath(contentType, slug)}` : undefined;
      return {
        subject: `Your submission “${title}” was approved`,
        lead: `Good news: a moderator approved your submission ${quoted}. It is now published on SciAI.`,
        reason: undefined,
        action: itemUrl
          ? { label: 'See it on SciAI', url: itemUrl }
          : { label: 'See your contributions', url: profileUrl },
      };
    }
    case 'submission_changes_requested':
      return {
        subject: `Changes requested for your submission “${title}”`,
        lead: `A moderator reviewed your submission ${quoted} and asked for changes before it can be published.`,
        reason,
        action: { label: 'See your contributions', url: profileUrl },
      };
    case 'submission_rejected':
      return {
        subject: `Your submission “${title}” was not approved`,
        lead: `A moderator reviewed your submission ${quoted} and decided not to publish it.`,
        reason,
        action: { label: 'See your contributions', url: profileUrl },
      };
  }
}

/** The e-mail for one decision: plain text and simple HTML, with links on the public site. */
export function reviewMail(input: ReviewMailInput): MailMessage {
  const profileUrl = `${input.site}/profile`;
  const settingsUrl = `${input.site}/settings`;
  const body = bodyOf(input, profileUrl);
  const greeting = greetingFor(input.firstName);
  const links = [...new Set([body.action.url, profileUrl])];
  const why =
    'You receive this e-mail because “Review decisions on my contributions” is on in your notification settings.';
  const text = [
    greeting,
    '',
    body.lead,
    ...(body.reason ? ['', 'Reason from the moderator:', body.reason] : []),
    '',
    `${body.action.label}:`,
    body.action.url,
    ...(body.action.url === profileUrl
      ? []
      : ['', 'Your contributions and their status are on your profile:', profileUrl]),
    '',
    `${why} Change it at ${settingsUrl}`,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body.lead)}</p>`,
    body.reason
      ? `<p><strong>Reason from the moderator:</strong></p>\n<blockquote style="margin: 0 0 1em; padding-left: 12px; border-left: 3px solid #ced4da; white-space: pre-wrap;">${escapeHtml(body.reason)}</blockquote>`
      : '',
    mailButton(body.action.label, body.action.url),
    body.action.url === profileUrl
      ? ''
      : `<p>Your contributions and their status are on <a href="${escapeHtml(profileUrl)}">your profile</a>.</p>`,
    `<p style="color: #5c5f66;">${escapeHtml(why)} <a href="${escapeHtml(settingsUrl)}">Change it</a>.</p>`,
  ]);
  return { kind: input.kind, to: input.to, subject: body.subject, text, html, links };
}
