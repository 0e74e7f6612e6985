import type pg from 'pg';
import type { TableRef } from './dump-format.ts';

/**
 * What a backup covers: every ordinary table of the application's schemas (public, auth, and any
 * other the schema adds), not PostgreSQL's own, not an extension's, and not the migration record
 * (the target's own record must say the same versions, see restore.ts).
 */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations'];

/**
 * Tables a dump leaves out because the database makes them from the others: the search cache
 * (unlogged; it grows with every distinct search and is worth nothing on another database) and
 * the browse index with what its triggers keep (ready cards, per-domain and per-facet counts).
 * A restore empties them and rebuilds the index and the cards from the restored items
 * (restore.ts, rebuildDerivedTables). The search vocabulary is not among them: it keeps the words
 * of items that have since gone, so it cannot be made again from the catalog alone.
 */
export const DERIVED_TABLES: readonly string[] = [
  'public.search_cache',
  'public.content_search',
  'public.item_card_ready',
  'public.domain_item_counts',
  'public.facet_value_counts',
];

export const tableKey = (table: TableRef) => `${table.schema}.${table.name}`;

export interface BackupTable extends TableRef {
  /** Stored columns (generated ones are recomputed by the restore). */
  columns: string[];
  /** Has a GENERATED ALWAYS identity column: inserts must override it. */
  identityAlways: boolean;
  /** The primary key's columns and their types, in key order (empty: the table has none). */
  key: Array<{ column: string; type: string }>;
}

/** Every table of the application's schemas, derived ones included (a restore empties those too). */
export async function listAllTables(client: pg.ClientBase): Promise<BackupTable[]> {
  const { rows } = await client.query<{
    schema: string;
    name: string;
    columns: string[];
    identity_always: boolean;
    key_columns: string[];
    key_types: string[];
  }>(
    `select n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns,
            exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as identity_always,
            array(select a.attname::text from pg_index i, unnest(i.indkey) with ordinality as k (attnum, position)
                  join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                  where i.indrelid = c.oid and i.indisprimary order by k.position) as key_columns,
            array(select format_type(a.atttypid, a.atttypmod) from pg_index i,
                  unnest(i.indkey) with ordinality as k (attnum, position)
                  join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                  where i.indrelid = c.oid and i.indisprimary order by k.position) as key_types
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname <> all($1) and n.nspname not like 'pg\\_%'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by n.nspname, c.relname`,
    [SKIPPED_SCHEMAS],
  );
  return rows.map((row) => ({
    schema: row.schema,
    name: row.name,
    columns: row.columns,
    identityAlways: row.identity_always,
    key: row.key_columns.map((column, index) => ({ column, type: row.key_types[index] ?? 'text' })),
  }));
}

/** The tables a dump holds: all but the derived ones. */
export async function listBackupTables(client: pg.ClientBase): Promise<BackupTable[]> {
  return (await listAllTables(client)).filter((table) => !DERIVED_TABLES.includes(tableKey(table)));
}

export async function listBackupSequences(client: pg.ClientBase): Promise<TableRef[]> {
  const { rows } = await client.query<TableRef>(
    `select n.nspname as schema, c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname <> all($1) and n.nspname not like 'pg\\_%'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by 1, 2`,
    [SKIPPED_SCHEMAS],
  );
  return rows;
}

export async function appliedMigrationVersions(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ version: string }>(
    `select version from supabase_migrations.schema_migrations order by version`,
  );
  return rows.map((row) => row.version);
}

/**
 * "Holds data" for the restore's refusal: an account or a catalog item. The tables migrations
 * fill (scientific fields, site settings) do not count, so a freshly migrated database is empty.
 */
export const HOLDS_DATA_SQL = 'EXISTS (SELECT 1 FROM auth.users) OR EXISTS (SELECT 1 FROM public.content_items)';
