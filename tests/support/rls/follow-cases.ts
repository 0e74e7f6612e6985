import { NOBODY, insertAsOwner, owner, publishedItem, type MatrixContext, type TableCase } from './matrix.ts';

/** The owner's follow of a fresh published item. */
async function followRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return { user_id: owner(context), target_type: 'item', content_id: await publishedItem(context) };
}

/** A notification for the owner about a fresh published item. */
async function notificationRow(context: MatrixContext): Promise<Record<string, unknown>> {
  const item = await publishedItem(context);
  return {
    user_id: owner(context),
    kind: 'item_fact_edited',
    content_id: item,
    event_key: `matrix:${context.unique()}`,
    payload: { title: 'RLS item' },
  };
}

const WRITTEN_BY_FUNCTIONS = { insert: NOBODY, update: NOBODY, delete: NOBODY };

/**
 * Follows and notifications (docs/product.md#follows, #notifications): each user reads their own
 * rows, staff included; every write goes through their functions.
 */
export const FOLLOW_CASES: readonly TableCase[] = [
  {
    table: 'follows',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'follows', await followRow(context)),
    insertRow: followRow,
    change: () => ['label', 'changed'],
    allowed: { select: ['owner'], ...WRITTEN_BY_FUNCTIONS },
  },
  {
    // the hourly limit's tally of new follows: only follow() writes and reads it
    table: 'follow_rate_events',
    key: 'id',
    target: (context) => insertAsOwner(context, 'follow_rate_events', { user_id: owner(context) }),
    insertRow: async (context) => ({ user_id: owner(context) }),
    change: () => ['created_at', new Date().toISOString()],
    allowed: { select: NOBODY, ...WRITTEN_BY_FUNCTIONS },
  },
  {
    table: 'notifications',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'notifications', await notificationRow(context)),
    insertRow: notificationRow,
    change: () => ['read_at', new Date().toISOString()],
    allowed: { select: ['owner'], ...WRITTEN_BY_FUNCTIONS },
  },
  {
    // One private feed address per user (docs/product.md#notification-feeds): made, rotated and
    // revoked only by its owner's functions; the owner sees whether it exists, never its hash.
    table: 'notification_feed_tokens',
    key: 'user_id',
    target: async (context) => {
      const [row] = await context.ownerSql(
        `insert into public.notification_feed_tokens (user_id, token_hash)
         values ($1, sha256(convert_to($2, 'UTF8')))
         on conflict (user_id) do update set token_hash = excluded.token_hash
         returning user_id`,
        [owner(context), context.unique()],
      );
      return String(row!.user_id);
    },
    insertRow: async (context) => ({ user_id: owner(context), token_hash: '\\x' + '00'.repeat(32) }),
    change: () => ['created_at', new Date(0).toISOString()],
    allowed: { select: ['owner'], ...WRITTEN_BY_FUNCTIONS },
    runsAlone: 'one row per user: the cells share the owner\u2019s one row',
  },
];
