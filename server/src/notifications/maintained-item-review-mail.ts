import { CONTENT_TYPES, itemPath, t, type ContentType } from '@sciai/core';
import { escapeHtml, linkTo, mailButton, mailDocument, withMarkup } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';
import { greetingFor, pageUrl, payloadFields } from './outbox-payload.ts';

/** The outbox kind queued when a review of a maintained item is first published (21_review_replies.sql). */
export const MAINTAINED_ITEM_REVIEW_MAIL_KIND = 'maintained_item_reviewed';

export interface MaintainedItemReviewPayload {
  reviewId: string;
  title: string;
  contentType: ContentType;
  slug: string;
  rating: number;
  reviewer: string;
}

/** The payload as queued; undefined when it is malformed (payloadFields). */
export function parseMaintainedItemReviewPayload(value: unknown): MaintainedItemReviewPayload | undefined {
  const payload = payloadFields(value);
  if (!payload) return undefined;
  const { text } = payload;
  const reviewId = text('review_id');
  const title = text('title');
  const slug = text('slug');
  const type = text('content_type');
  const contentType = CONTENT_TYPES.find((candidate) => candidate === type);
  const rating = payload.field('rating');
  if (!reviewId || !title || !slug || !contentType) return undefined;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) return undefined;
  // read in the mail's language (the outbox parses inside it): a reviewer without a shown name
  return { reviewId, title, contentType, slug, rating, reviewer: text('reviewer') ?? t('A SciAI member') };
}

/**
 * Where a review is on its item's page, in the mail's language: the detail page scrolls to the
 * review of that anchor.
 */
export function reviewUrl(site: string, payload: MaintainedItemReviewPayload): string {
  return pageUrl(site, `${itemPath(payload.contentType, payload.slug)}#review-${encodeURIComponent(payload.reviewId)}`);
}

/** The e-mail telling a maintainer of a new review of their item, with the way to reply and to stop these mails. */
export function maintainedItemReviewMail(input: {
  to: string;
  firstName: string | null;
  payload: MaintainedItemReviewPayload;
  site: string;
}): MailMessage {
  const { title, rating, reviewer } = input.payload;
  const url = reviewUrl(input.site, input.payload);
  const settingsUrl = pageUrl(input.site, '/settings?tab=notifications');
  const subject = t('New review of “{title}” on SciAI', { title });
  const lead = t(
    '{reviewer} reviewed “{title}”, which you maintain, and rated it {rating} out of 5. As its maintainer you can reply once, under the review.',
    { reviewer, title, rating },
  );
  const greeting = greetingFor(input.firstName);
  const why = t(
    'You receive this e-mail because “New reviews of items I maintain” is on in your notification settings.',
  );
  const read = t('Read the review');
  const text = [
    greeting,
    '',
    lead,
    '',
    t('{action}:', { action: read }),
    url,
    '',
    t('{why} Change it at {url}', { why, url: settingsUrl }),
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    mailButton(read, url),
    `<p style="color: #5c5f66;">${withMarkup(t('{why} <0>Change it</0>.', { why }), { 0: linkTo(settingsUrl) })}</p>`,
  ]);
  return { kind: MAINTAINED_ITEM_REVIEW_MAIL_KIND, to: input.to, subject, text, html, links: [url, settingsUrl] };
}
