import { CONTENT_TYPES, itemPath, t, type ContentType } from '@sciai/core';
import { escapeHtml, linkTo, mailButton, mailDocument, mailQuote, withMarkup } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, pageUrl, payloadFields } from './outbox-payload.ts';

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
  const contributions = { label: t('See your contributions'), url: profileUrl };
  switch (input.kind) {
    case 'submission_approved': {
      const itemUrl = slug && contentType ? pageUrl(input.site, itemPath(contentType, slug)) : undefined;
      return {
        subject: t('Your submission “{title}” was approved', { title }),
        lead: t('Good news: a moderator approved your submission “{title}”. It is now published on SciAI.', { title }),
        reason: undefined,
        action: itemUrl ? { label: t('See it on SciAI'), url: itemUrl } : contributions,
      };
    }
    case 'submission_changes_requested':
      return {
        subject: t('Changes requested for your submission “{title}”', { title }),
        lead: t('A moderator reviewed your submission “{title}” and asked for changes before it can be published.', {
          title,
        }),
        reason,
        action: contributions,
      };
    case 'submission_rejected':
      return {
        subject: t('Your submission “{title}” was not approved', { title }),
        lead: t('A moderator reviewed your submission “{title}” and decided not to publish it.', { title }),
        reason,
        action: contributions,
      };
  }
}

/** The e-mail for one decision: plain text and simple HTML, with links on the public site. */
export function reviewMail(input: ReviewMailInput): MailMessage {
  const profileUrl = pageUrl(input.site, '/profile');
  const settingsUrl = pageUrl(input.site, '/settings');
  const body = bodyOf(input, profileUrl);
  const greeting = greetingFor(input.firstName);
  const links = [...new Set([body.action.url, profileUrl])];
  const why = t(
    'You receive this e-mail because “Review decisions on my contributions” is on in your notification settings.',
  );
  const reasonHeading = t('Reason from the moderator:');
  const text = [
    greeting,
    '',
    body.lead,
    ...(body.reason ? ['', reasonHeading, body.reason] : []),
    '',
    t('{action}:', { action: body.action.label }),
    body.action.url,
    ...(body.action.url === profileUrl
      ? []
      : ['', t('Your contributions and their status are on your profile:'), profileUrl]),
    '',
    t('{why} Change it at {url}', { why, url: settingsUrl }),
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body.lead)}</p>`,
    body.reason ? `<p><strong>${escapeHtml(reasonHeading)}</strong></p>\n${mailQuote(body.reason)}` : '',
    mailButton(body.action.label, body.action.url),
    body.action.url === profileUrl
      ? ''
      : `<p>${withMarkup(t('Your contributions and their status are on <0>your profile</0>.'), { 0: linkTo(profileUrl) })}</p>`,
    `<p style="color: #5c5f66;">${withMarkup(t('{why} <0>Change it</0>.', { why }), { 0: linkTo(settingsUrl) })}</p>`,
  ]);
  return { kind: input.kind, to: input.to, subject: body.subject, text, html, links };
}
