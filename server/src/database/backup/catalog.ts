import type pg from 'pg';
import type { TableRef } from './dump-format.ts';

/**
 * What a backup covers: every ordinary table of the application's schemas (public, auth, and any
 * other the schema adds), not PostgreSQL's own, not an extension's, and not the migration record
 * (the target's own record must say the same versions, see restore.ts).
 */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations'];

export interface BackupTable extends TableRef {
  /** Stored columns (generated ones are recomputed by the restore). */
  columns: string[];
  /** Has a GENERATED ALWAYS identity column: inserts must override it. */
  identityAlways: boolean;
}

export async function listBackupTables(client: pg.ClientBase): Promise<BackupTable[]> {
  const { rows } = await client.query<{
    schema: string;
    name: string;
    columns: string[];
    identity_always: boolean;
  }>(
    `select n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns,
            exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as identity_always
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
  }));
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
