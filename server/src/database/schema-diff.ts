import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import type { Database } from './engine.ts';
import { applyMigrations, readMigrations, type Migration as MigrationFile } from './migrations.ts';
import { diffDefaultPrivileges } from './default-privilege-diff.ts';
import { diffPrivileges } from './privilege-diff.ts';
import { openScratchDatabase } from './scratch-database.ts';
import { readSchemaFiles, type SchemaFile } from './schema-files.ts';

/**
 * Schemas the comparison leaves out: the migrations' own bookkeeping, which only the
 * migrations-built database has, and PostgreSQL's and extensions' internals.
 */
const IGNORED_SCHEMAS = ['supabase_migrations', 'information_schema', 'pg_catalog', 'pg_toast'];

/** Applies the migrations, in order, as a database being started would. */
export async function buildFromMigrations(db: Database, migrations: MigrationFile[] = readMigrations()): Promise<void> {
  const client = await db.pool.connect();
  try {
    await applyMigrations(client, migrations);
  } finally {
    client.release();
  }
}

/** Applies the schema files, in file-name order, in one transaction. */
export async function buildFromSchemas(db: Database, files: SchemaFile[] = readSchemaFiles()): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    for (const { file, sql } of files) {
      try {
        await client.query(sql);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`supabase/schemas/${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    await client.query('commit');
  } finally {
    client.release();
  }
}

/**
 * The statements that turn the schema of `from` into the schema of `to` (tables, columns,
 * constraints, indexes, views, functions, triggers, policies, extensions, the privileges on
 * tables, functions and sequences, and the default privileges in `public`), or '' when they are
 * the same. Data is not compared.
 */
export async function diffDatabases(from: Database, to: Database): Promise<string> {
  // pg-promise warns about a second client for a connection string it has seen; each diff makes
  // new ones on purpose, closed before it returns.
  const options = { pgpOptions: { initialize: { noWarnings: true } } };
  const fromClient = createClient(from.connectionString, options);
  const toClient = createClient(to.connectionString, options);
  try {
    const migration = await Migration.create(fromClient, toClient, { exclude_schema: IGNORED_SCHEMAS });
    // Drops are part of a schema change (a removed column, a replaced index); the statements are
    // reviewed before they are committed.
    migration.set_safety(false);
    migration.add_all_changes(true);
    // migra turns off body checks for its function statements; each migration runs in a
    // transaction of its own, so keep the setting to that transaction.
    const schemaChanges = migration.sql
      .trim()
      .replaceAll('set check_function_bodies = off;', 'set local check_function_bodies = off;');
    const recreated = new Set(
      [...schemaChanges.matchAll(/drop function if exists "public"\."([^"]+)"/g)].map((m) => m[1]!),
    );
    const recreatedViews = new Set(
      [...schemaChanges.matchAll(/drop (?:materialized )?view if exists "public"\."([^"]+)"/g)].map((m) => m[1]!),
    );
    const defaultPrivilegeChanges = await diffDefaultPrivileges(from, to);
    const privilegeChanges = await diffPrivileges(from, to, recreated, recreatedViews);
    return [defaultPrivilegeChanges, schemaChanges, privilegeChanges].filter(Boolean).join('\n\n');
  } finally {
    await Promise.all([fromClient.end(), toClient.end()]);
  }
}

/**
 * The tables whose rows differ between two freshly built databases, where every row is reference
 * data (the taxonomy, the default settings). Generated values (uuids, timestamps) differ from
 * one build to the next, so only the other columns are compared.
 */
export async function diffReferenceData(from: Database, to: Database): Promise<string[]> {
  const [fromTables, toTables] = await Promise.all([comparableColumns(from), comparableColumns(to)]);
  const differing: string[] = [];
  for (const [table, toColumns] of toTables) {
    // A column or table that only one side has is the schema diff's business; its rows are
    // compared on what both have.
    const fromColumns = fromTables.get(table);
    const columns = fromColumns ? toColumns.filter((column) => fromColumns.includes(column)) : toColumns;
    const [fromRows, toRows] = await Promise.all([
      fromColumns ? rowsAsText(from, table, columns) : '',
      rowsAsText(to, table, columns),
    ]);
    if (fromRows !== toRows) differing.push(table);
  }
  return differing;
}

/** Each public table's columns other than generated-per-build types (uuid, timestamps). */
async function comparableColumns(db: Database): Promise<Map<string, string[]>> {
  const { rows } = await db.pool.query<{ name: string; columns: string[] }>(`
    select c.table_name as name, array_agg(c.column_name::text order by c.ordinal_position) as columns
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type not in ('uuid', 'timestamp with time zone', 'timestamp without time zone', 'date')
    group by c.table_name`);
  return new Map(rows.map((row) => [row.name, row.columns]));
}

async function rowsAsText(db: Database, table: string, columns: string[]): Promise<string> {
  const { rows } = await db.pool.query<{ rows: string }>(
    `select coalesce(string_agg(r, E'\\n' order by r), '') as rows
     from (select row(${columns.map(quoteIdentifier).join(', ')})::text as r from public.${quoteIdentifier(table)}) s`,
  );
  return rows[0]!.rows;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface SchemaDiffOptions {
  /** A PostgreSQL server to build the two databases on; PGlite in memory when absent. */
  serverUrl?: string;
  migrations?: MigrationFile[];
  schemaFiles?: SchemaFile[];
  /** PGlite: a new cluster's tar to start both databases from (see openScratchDatabase). */
  pgliteImage?: string;
}

export interface SchemaDiff {
  /** The statements a migration needs (schema only), or ''. */
  sql: string;
  /** Tables whose reference rows differ: those statements are written by hand. */
  referenceData: string[];
}

/**
 * What a migration must do to bring a database built from supabase/migrations to the state of
 * supabase/schemas: both are built from scratch, side by side, and compared.
 */
export async function diffMigrationsAgainstSchemas(options: SchemaDiffOptions = {}): Promise<SchemaDiff> {
  // One after the other: both bootstraps touch the cluster's roles.
  const { serverUrl, pgliteImage } = options;
  const migrated = await openScratchDatabase({
    serverUrl,
    prefix: 'sciai_diff_migrations',
    pgliteImage,
  });
  const declared = await openScratchDatabase({
    serverUrl,
    prefix: 'sciai_diff_schemas',
    pgliteImage,
  }).catch(async (error: unknown) => {
    await migrated.close();
    throw error;
  });
  try {
    await buildFromMigrations(migrated, options.migrations);
    await buildFromSchemas(declared, options.schemaFiles);
    return {
      sql: await diffDatabases(migrated, declared),
      referenceData: await diffReferenceData(migrated, declared),
    };
  } finally {
    await Promise.all([migrated.close(), declared.close()]);
  }
}
