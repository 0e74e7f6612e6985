import { NOBODY, STAFF, insertAsOwner, publishedItem, type MatrixContext, type TableCase } from './matrix.ts';

/** A version of a fresh published item, as a moderator's edit leaves it. */
async function versionRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return {
    content_id: await publishedItem(context),
    version: 1,
    actor: 'moderator',
    changes: { title: { old: 'Before', new: 'After' } },
  };
}

/**
 * Item history (docs/product.md#item-history): staff read the versions with who made them;
 * visitors and users read their public fields through item_history and item_version; only the
 * catalog's triggers and revert_item_to_version write.
 */
export const HISTORY_CASES: readonly TableCase[] = [
  {
    table: 'item_versions',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'item_versions', await versionRow(context)),
    insertRow: versionRow,
    change: () => ['actor', 'system'],
    allowed: { select: STAFF, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
];
