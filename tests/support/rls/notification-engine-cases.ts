import { NOBODY, insertAsOwner, owner, publishedItem, type MatrixContext, type TableCase } from './matrix.ts';

/** A queued new item, due in a year so that the test backend's job leaves the row alone. */
async function queuedItem(context: MatrixContext): Promise<Record<string, unknown>> {
  const contentId = await publishedItem(context);
  // publishing queued it already (for now): the case's row replaces that one
  await context.ownerSql('delete from public.notification_new_items where content_id = $1', [contentId]);
  return { content_id: contentId, queued_at: new Date(Date.now() + 365 * 86_400_000).toISOString() };
}

function planRow(context: MatrixContext): Record<string, unknown> {
  return { search_query: `search=rls-${context.unique()}`, search: `rls ${context.unique()}` };
}

/**
 * The notification engine's own tables (docs/product.md#notifications): the queue of new items
 * and the saved searches' plans. Only the database's functions and the server touch them.
 */
export const NOTIFICATION_ENGINE_CASES: readonly TableCase[] = [
  {
    table: 'notification_new_items',
    key: 'content_id',
    target: async (context) =>
      insertAsOwner(context, 'notification_new_items', await queuedItem(context), 'content_id'),
    insertRow: queuedItem,
    change: () => ['queued_at', new Date().toISOString()],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // a user's digest marks: one row per user, so each cell replaces the owner's
    table: 'notification_digests',
    key: 'user_id',
    target: async (context) => {
      await context.ownerSql(
        `insert into public.notification_digests (user_id, daily_through) values ($1, 1)
         on conflict (user_id) do update set daily_through = 1, waiting_since = null`,
        [owner(context)],
      );
      return owner(context);
    },
    insertRow: async (context) => {
      await context.ownerSql('delete from public.notification_digests where user_id = $1', [owner(context)]);
      return { user_id: owner(context) };
    },
    change: () => ['daily_through', 42],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
    runsAlone: 'a user has one row of digest marks: each cell replaces or removes the owner’s',
  },
  {
    table: 'saved_search_plans',
    key: 'search_query',
    target: async (context) => insertAsOwner(context, 'saved_search_plans', planRow(context), 'search_query'),
    insertRow: async (context) => planRow(context),
    change: () => ['search', 'changed'],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
];
