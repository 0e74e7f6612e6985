import { NOBODY, insertAsOwner, publishedItem, type MatrixContext, type TableCase } from './matrix.ts';

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
    table: 'saved_search_plans',
    key: 'search_query',
    target: async (context) => insertAsOwner(context, 'saved_search_plans', planRow(context), 'search_query'),
    insertRow: async (context) => planRow(context),
    change: () => ['search', 'changed'],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
];
