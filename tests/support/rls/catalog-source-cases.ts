import { EVERYONE, NOBODY, insertAsOwner, publishedItem, type MatrixContext, type TableCase } from './matrix.ts';

/** A catalog source of its own, as load_catalog_sources writes one. */
function sourceRow(context: MatrixContext): Record<string, unknown> {
  return {
    id: `rls-${context.unique()}`,
    name: 'RLS list',
    repository: 'https://github.com/rls/list',
    commit_sha: '0123456789abcdef0123456789abcdef01234567',
    snapshot_date: '2026-08-20',
    license: 'MIT',
    license_basis: 'LICENSE file',
    copies_descriptions: true,
    share_alike: false,
    credit: 'RLS list, MIT',
  };
}

/** A record of a fresh source behind a fresh published item. */
async function recordRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return {
    content_id: await publishedItem(context),
    source: await insertAsOwner(context, 'catalog_sources', sourceRow(context)),
    record_id: `record-${context.unique()}`,
    record_url: 'https://github.com/rls/list/blob/main/README.md#L1',
  };
}

/**
 * Where catalog items come from (docs/product.md#sources): readable by everyone where the item
 * is published, written only by the service role's catalog loader.
 */
export const CATALOG_SOURCE_CASES: readonly TableCase[] = [
  {
    table: 'catalog_sources',
    key: 'id',
    target: (context) => insertAsOwner(context, 'catalog_sources', sourceRow(context)),
    insertRow: async (context) => sourceRow(context),
    change: () => ['credit', 'changed'],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'item_sources',
    key: 'content_id',
    target: async (context) => insertAsOwner(context, 'item_sources', await recordRow(context), 'content_id'),
    insertRow: recordRow,
    change: () => ['record_url', 'https://github.com/rls/list/blob/main/README.md#L2'],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
];
