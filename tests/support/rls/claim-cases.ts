import {
  NOBODY,
  STAFF,
  insertAsOwner,
  internalTable,
  owner,
  publishedItem,
  type MatrixContext,
  type TableCase,
} from './matrix.ts';

/** A claim of a fresh published item by the owner, waiting for an admin. */
async function claimRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return {
    content_id: await publishedItem(context),
    claimant_id: owner(context),
    method: 'evidence',
    evidence: 'I wrote this tool and keep its repository.',
  };
}

/** A maintainer's change of a fresh published item, applied at once. */
async function factChangeRow(context: MatrixContext): Promise<Record<string, unknown>> {
  return {
    content_id: await publishedItem(context),
    changed_by: owner(context),
    field: 'short_description',
    old_value: 'before',
    new_value: 'after',
    status: 'applied',
  };
}

/**
 * Claims (docs/product.md#claims): a claim is read by its claimant and staff, a maintainer's
 * change by its author and staff; every write goes through the claim functions. The e-mail codes
 * and the GitHub tokens the proofs use are the server's alone.
 */
export const CLAIM_CASES: readonly TableCase[] = [
  {
    table: 'item_claims',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'item_claims', await claimRow(context)),
    insertRow: claimRow,
    change: () => ['status', 'approved'],
    allowed: { select: ['owner', ...STAFF], insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'item_fact_changes',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'item_fact_changes', await factChangeRow(context)),
    insertRow: factChangeRow,
    change: () => ['new_value', 'changed'],
    allowed: { select: ['owner', ...STAFF], insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  internalTable(
    'item_claim_email_codes',
    'id',
    async (context) =>
      insertAsOwner(context, 'item_claim_email_codes', {
        content_id: await publishedItem(context),
        user_id: owner(context),
        email: 'maintainer@example.org',
        code_hash: '0'.repeat(64),
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      }),
    ['attempts', 3],
  ),
];
