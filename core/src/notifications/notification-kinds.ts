/**
 * What a notification can say (docs/product.md#notifications). Each kind belongs to one e-mail
 * category, and each category is delivered as the user chose: at once, in a daily or weekly
 * digest, or not by e-mail at all. In the app every notification is shown whatever the choice.
 */
export const NOTIFICATION_KINDS = [
  // a new published item matches a followed saved search, field, organization or person
  'followed_new_item',
  // a followed item changed
  'item_release',
  'item_link_dead',
  'item_archived',
  'item_paper_linked',
  'item_fact_edited',
  // a review published of an item the user follows or maintains
  'item_review',
  // a maintainer replied to the user's review
  'review_reply',
  // decisions on the user's contributions and claims
  'contribution_decision',
  'claim_decision',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_EMAIL_CATEGORIES = ['new_items', 'item_updates', 'reviews', 'replies', 'decisions'] as const;
export type NotificationEmailCategory = (typeof NOTIFICATION_EMAIL_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_OF: Record<NotificationKind, NotificationEmailCategory> = {
  followed_new_item: 'new_items',
  item_release: 'item_updates',
  item_link_dead: 'item_updates',
  item_archived: 'item_updates',
  item_paper_linked: 'item_updates',
  item_fact_edited: 'item_updates',
  item_review: 'reviews',
  review_reply: 'replies',
  contribution_decision: 'decisions',
  claim_decision: 'decisions',
};

export const EMAIL_DELIVERIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

/** Until a user chooses: what they asked for arrives in digests, what concerns them at once. */
export const DEFAULT_EMAIL_DELIVERY: Record<NotificationEmailCategory, EmailDelivery> = {
  new_items: 'daily',
  item_updates: 'weekly',
  reviews: 'instant',
  replies: 'instant',
  decisions: 'instant',
};

/** What can be followed, and how each is named in a follow call. */
export const FOLLOW_TARGET_TYPES = ['item', 'organization', 'field', 'person', 'search'] as const;
export type FollowTargetType = (typeof FOLLOW_TARGET_TYPES)[number];
