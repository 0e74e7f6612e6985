import { z } from 'zod';
import { historyFieldLabel } from '../history/item-history.ts';
import type { NotificationKind } from './notification-kinds.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * What a notification carries (notifications.payload): the title of what it is about, the app
 * path it links to, and what happened. The database's functions write it, and the bell, the
 * notifications page, e-mails and the Atom feed all read it through this schema, so an entry
 * reads the same everywhere (describeNotification).
 */
export const NotificationPayloadSchema = z.object({
  /** The item's title (or the thing's name) */
  title: text(300),
  /**
   * Where the entry links to inside the app, e.g. /tool/alphafold?tab=history, or a saved
   * search's newest items (its browse address, up to 2,000 characters, with the sort)
   */
  path: z
    .string()
    .regex(/^\/(?![/\\])\S*$/)
    .max(2100),
  content_type: z.enum(['software', 'paper', 'company', 'agent']).optional(),
  /** followed_new_item: what brought it (the follow's kind and name) */
  via: z.enum(['search', 'field', 'organization', 'person']).optional(),
  via_name: text(200).optional(),
  /**
   * followed_new_item, several items that one follow brought in one pass: how many and the
   * first three titles (then title is the follow's name and path its newest items)
   */
  count: z.number().int().min(1).max(100_000).optional(),
  titles: z.array(text(300)).max(3).optional(),
  /** item_release: the release's name or tag */
  version: text(200).optional(),
  /** item_link_dead: which link */
  link: z.enum(['homepage', 'repository']).optional(),
  /** item_paper_linked: the paper's title */
  paper_title: text(300).optional(),
  /** item_fact_edited: the fields that changed (item_versions' keys; shown as the History tab names them) */
  fields: z.array(text(100)).max(50).optional(),
  /** item_review: the reviewer's signed name and rating; review_reply: who replied */
  person: text(200).optional(),
  rating: z.number().int().min(1).max(5).optional(),
  /** contribution_decision, claim_decision */
  decision: z.enum(['approved', 'changes_requested', 'rejected', 'revoked', 'transfer_offered']).optional(),
});
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;

/** A payload as stored, or null when it does not have the shape (then the entry is not shown). */
export function parseNotificationPayload(stored: unknown): NotificationPayload | null {
  const parsed = NotificationPayloadSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

const DECISION_WORDS: Record<NonNullable<NotificationPayload['decision']>, string> = {
  approved: 'was approved',
  changes_requested: 'needs changes',
  rejected: 'was rejected',
  revoked: 'was revoked',
  transfer_offered: 'is offered to you',
};

/** The one line that says what happened, as the app, e-mails and feeds show it. */
export function describeNotification(kind: NotificationKind, payload: NotificationPayload): string {
  const { title } = payload;
  switch (kind) {
    case 'followed_new_item':
      return describeNewItems(payload);
    case 'item_release':
      return payload.version ? `${title} released ${payload.version}` : `${title} has a new release`;
    case 'item_link_dead':
      return `${title}: its ${payload.link ?? 'website'} link no longer works`;
    case 'item_archived':
      return `${title}: its repository was archived`;
    case 'item_paper_linked':
      return payload.paper_title ? `${title}: new paper linked, ${payload.paper_title}` : `${title}: new paper linked`;
    case 'item_fact_edited':
      return payload.fields?.length
        ? `${title}: ${payload.fields.map(historyFieldLabel).join(', ')} changed`
        : `${title} was edited`;
    case 'item_review':
      return `New review of ${title}${payload.person ? ` by ${payload.person}` : ''}${
        payload.rating ? ` (${payload.rating}/5)` : ''
      }`;
    case 'review_reply':
      return `${payload.person ?? 'The maintainer'} replied to your review of ${title}`;
    case 'contribution_decision':
      return `Your contribution ${title} ${DECISION_WORDS[payload.decision ?? 'approved']}`;
    case 'claim_decision':
      return payload.decision === 'transfer_offered'
        ? `${title} is offered to you to maintain`
        : `Your claim of ${title} ${DECISION_WORDS[payload.decision ?? 'approved']}`;
  }
}

/**
 * New items in what the user follows (docs/product.md#notification-events): one item as
 * 'New in Biology: AlphaFold'; several as '3 new in Biology: AlphaFold, RoseTTAFold and 1 more'.
 */
function describeNewItems(payload: NotificationPayload): string {
  const { title, via, via_name: name, count, titles } = payload;
  const word = via === 'organization' ? 'from' : via === 'person' ? 'by' : 'in';
  if (count === undefined || count < 2 || !titles?.length)
    return name ? `New ${word} ${name}: ${title}` : `New: ${title}`;
  const shown = titles.slice(0, 2);
  const rest = count - shown.length;
  const list = rest <= 0 ? joinTitles(shown) : `${shown.join(', ')} and ${rest} more`;
  return `${count} new ${word} ${name ?? title}: ${list}`;
}

/** 'A', 'A and B' */
function joinTitles(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
