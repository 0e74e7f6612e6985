import { z } from 'zod';
import { historyFieldLabel } from '../history/item-history.ts';
import { t } from '../i18n/translate.ts';
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

/** The one line that says what happened, as the app, e-mails and feeds show it. */
export function describeNotification(kind: NotificationKind, payload: NotificationPayload): string {
  const { title } = payload;
  switch (kind) {
    case 'followed_new_item':
      return describeNewItems(payload);
    case 'item_release':
      return payload.version
        ? t('{title} released {version}', { title, version: payload.version })
        : t('{title} has a new release', { title });
    case 'item_link_dead':
      if (payload.link === 'homepage') return t('{title}: its homepage link no longer works', { title });
      if (payload.link === 'repository') return t('{title}: its repository link no longer works', { title });
      return t('{title}: its website link no longer works', { title });
    case 'item_archived':
      return t('{title}: its repository was archived', { title });
    case 'item_paper_linked':
      return payload.paper_title
        ? t('{title}: new paper linked, {paper}', { title, paper: payload.paper_title })
        : t('{title}: new paper linked', { title });
    case 'item_fact_edited':
      return payload.fields?.length
        ? t('{title}: {fields} changed', { title, fields: payload.fields.map(historyFieldLabel).join(', ') })
        : t('{title} was edited', { title });
    case 'item_review':
      return describeReview(title, payload.person, payload.rating);
    case 'review_reply':
      return payload.person
        ? t('{person} replied to your review of {title}', { person: payload.person, title })
        : t('The maintainer replied to your review of {title}', { title });
    case 'contribution_decision':
      return contributionDecision(title, payload.decision ?? 'approved');
    case 'claim_decision':
      return claimDecision(title, payload.decision ?? 'approved');
  }
}

type Decision = NonNullable<NotificationPayload['decision']>;

function contributionDecision(title: string, decision: Decision): string {
  switch (decision) {
    case 'approved':
      return t('Your contribution {title} was approved', { title });
    case 'changes_requested':
      return t('Your contribution {title} needs changes', { title });
    case 'rejected':
      return t('Your contribution {title} was rejected', { title });
    case 'revoked':
      return t('Your contribution {title} was revoked', { title });
    case 'transfer_offered':
      return t('Your contribution {title} is offered to you', { title });
  }
}

function claimDecision(title: string, decision: Decision): string {
  switch (decision) {
    case 'transfer_offered':
      return t('{title} is offered to you to maintain', { title });
    case 'approved':
      return t('Your claim of {title} was approved', { title });
    case 'changes_requested':
      return t('Your claim of {title} needs changes', { title });
    case 'rejected':
      return t('Your claim of {title} was rejected', { title });
    case 'revoked':
      return t('Your claim of {title} was revoked', { title });
  }
}

/** 'New review of AlphaFold by Ada Lovelace (4/5)': the reviewer and the rating where known. */
function describeReview(title: string, person: string | undefined, rating: number | undefined): string {
  if (person && rating) return t('New review of {title} by {person} ({rating}/5)', { title, person, rating });
  if (person) return t('New review of {title} by {person}', { title, person });
  if (rating) return t('New review of {title} ({rating}/5)', { title, rating });
  return t('New review of {title}', { title });
}

/**
 * New items in what the user follows (docs/product.md#notification-events): one item as
 * 'New in Biology: AlphaFold'; several as '3 new in Biology: AlphaFold, RoseTTAFold and 1 more'.
 */
function describeNewItems(payload: NotificationPayload): string {
  const { title, via, via_name: name, count, titles } = payload;
  if (count === undefined || count < 2 || !titles?.length) {
    if (!name) return t('New: {title}', { title });
    if (via === 'organization') return t('New from {name}: {title}', { name, title });
    if (via === 'person') return t('New by {name}: {title}', { name, title });
    return t('New in {name}: {title}', { name, title });
  }
  const shown = titles.slice(0, 2);
  const rest = count - shown.length;
  const list = rest <= 0 ? joinTitles(shown) : t('{titles} and {rest} more', { titles: shown.join(', '), rest });
  const values = { count, name: name ?? title, list };
  if (via === 'organization') return t('{count} new from {name}: {list}', values);
  if (via === 'person') return t('{count} new by {name}: {list}', values);
  return t('{count} new in {name}: {list}', values);
}

/** 'A', 'A and B' */
function joinTitles(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : t('{titles} and {last}', { titles: items.slice(0, -1).join(', '), last: items.at(-1) });
}
