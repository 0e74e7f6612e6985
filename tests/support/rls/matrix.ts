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
  const suffix = context.unique();
  return insertAsOwner(context, 'content_items', {
    slug: `rls-draft-${suffix}`,
    title: `RLS draft ${suffix}`,
    content_type: type,
  });
}

export async function publishedItem(context: MatrixContext): Promise<string> {
  const suffix = context.unique();
  return insertAsOwner(context, 'content_items', {
    slug: `rls-published-${suffix}`,
    title: `RLS published ${suffix}`,
    content_type: 'software',
    status: 'published',
    published_at: new Date().toISOString(),
  });
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
