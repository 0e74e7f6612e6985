/**
 * The row-level security matrix's vocabulary: who calls, what they try, and the helpers the
 * table cases use to set up rows (tests/integration/rls-matrix.test.ts runs every case).
 */
/** Who calls the Data API: a visitor, the owner of the row, another user, staff. */
export const ACTORS = ['anon', 'owner', 'other', 'moderator', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

export const OPERATIONS = ['select', 'insert', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface MatrixContext {
  /**
   * The database owner's connections: see and write every row, whatever RLS and grants say.
   * Targets are set up here rather than through the Data API as the service role: a cell's
   * setup is not what it checks, and the Data API's round trip cost more than the cell itself.
   */
  ownerSql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  userIds: Record<Actor, string | null>;
  /** A domain of the taxonomy, for links. */
  domainId: string;
  unique(): string;
}

export interface TableCase {
  table: string;
  /** The column that identifies the target row (for link tables, the content item). */
  key: string;
  /** Creates a fresh target row belonging to the owner (or to nobody) and returns its key. */
  target(context: MatrixContext): Promise<string>;
  /** A row the actor tries to insert: for owned tables, one claiming to be the owner's. */
  insertRow(context: MatrixContext, actor: Actor): Promise<Record<string, unknown>>;
  /** The column and value an update tries to set. */
  change(context: MatrixContext): [string, unknown];
  allowed: Record<Operation, readonly Actor[]>;
  /**
   * Why the table's cells change what other cells depend on (the owner's roles or profile), so
   * they run alone, after the other tables' cells, which run a few at a time.
   */
  runsAlone?: string;
}

export const EVERYONE = ACTORS;
export const STAFF = ['moderator', 'admin'] as const;
export const ADMIN = ['admin'] as const;
export const NOBODY = [] as const;

/** Inserts `row` as the database owner (column defaults for the rest) and returns its `key`. */
export async function insertAsOwner(
  context: MatrixContext,
  table: string,
  row: Record<string, unknown>,
  key = 'id',
): Promise<string> {
  // Identifiers come from the static case lists, never from input; values are read from JSON as
  // the Data API reads them (jsonb_populate_record).
  const columns = Object.keys(row)
    .map((column) => `"${column}"`)
    .join(', ');
  const [inserted] = await context.ownerSql(
    `insert into public.${table} (${columns})
     select ${columns} from jsonb_populate_record(null::public.${table}, $1::jsonb)
     returning ${key}::text as key`,
    [JSON.stringify(row)],
  );
  if (!inserted) throw new Error(`setting up ${table}: no row`);
  return String(inserted.key);
}

export function owner(context: MatrixContext): string {
  const id = context.userIds.owner;
  if (!id) throw new Error('the owner has no id');
  return id;
}

export function admin(context: MatrixContext): string {
  const id = context.userIds.admin;
  if (!id) throw new Error('the admin has no id');
  return id;
}

/** An unpublished item: only staff may see it, or anything hanging off it. */
export async function draftItem(context: MatrixContext, type = 'software'): Promise<string> {
  return freshItem(context, 'draft', type);
}

export async function publishedItem(context: MatrixContext): Promise<string> {
  return freshItem(context, 'published', 'software');
}

/** Items made at once for the cells that ask for one: a cell's item is still its own. */
const ITEM_BATCH = 25;
const itemPools = new WeakMap<MatrixContext, Map<string, { ids: string[]; refill?: Promise<void> }>>();

/**
 * An item no other cell uses, taken from rows inserted ITEM_BATCH at a time: one INSERT, and one
 * run of the catalog's statement triggers (browse index, vocabulary, counts), for many cells.
 */
async function freshItem(context: MatrixContext, status: 'draft' | 'published', type: string): Promise<string> {
  let pools = itemPools.get(context);
  if (!pools) itemPools.set(context, (pools = new Map()));
  const key = `${status}:${type}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { ids: [] }));
  for (;;) {
    const id = pool.ids.pop();
    if (id) return id;
    const filling = pool;
    filling.refill ??= insertItems(context, status, type)
      .then((ids) => void filling.ids.push(...ids))
      .finally(() => (filling.refill = undefined));
    await filling.refill;
  }
}

async function insertItems(context: MatrixContext, status: 'draft' | 'published', type: string): Promise<string[]> {
  const rows = await context.ownerSql(
    status === 'draft'
      ? `insert into public.content_items (slug, title, content_type)
         select 'rls-draft-' || $1 || '-' || n, 'RLS draft ' || $1 || ' ' || n, $2
         from generate_series(1, $3::integer) n returning id::text`
      : `insert into public.content_items (slug, title, content_type, status, published_at)
         select 'rls-published-' || $1 || '-' || n, 'RLS published ' || $1 || ' ' || n, $2, 'published', now()
         from generate_series(1, $3::integer) n returning id::text`,
    [context.unique(), type, ITEM_BATCH],
  );
  return rows.map((row) => String(row.id));
}

/** A per-type table: the target is the type row of a draft item; an insert adds one to a bare item. */
export function typeTable(table: string, type: string, change: [string, unknown]): TableCase {
  return {
    table,
    key: 'content_id',
    target: async (context) => {
      const itemId = await draftItem(context, type);
      return insertAsOwner(context, table, { content_id: itemId }, 'content_id');
    },
    insertRow: async (context) => ({ content_id: await draftItem(context, type) }),
    change: () => change,
    allowed: { select: STAFF, insert: STAFF, update: STAFF, delete: STAFF },
  };
}

/** Tables only the database itself writes and reads (indexes, caches, counters). */
export function internalTable(
  table: string,
  key: string,
  target: TableCase['target'],
  change: [string, unknown],
): TableCase {
  return {
    table,
    key,
    target,
    insertRow: async (context) => ({ [key]: await target(context) }),
    change: () => change,
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  };
}
