import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import type { Database } from './engine.ts';
import { applyMigrations, readMigrations, type Migration as MigrationFile } from './migrations.ts';
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
 * constraints, indexes, views, functions, triggers, policies, privileges, extensions), or ''
 * when they are the same. Data is not compared.
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
    return migration.sql.trim();
  } finally {
    await Promise.all([fromClient.end(), toClient.end()]);
  }
}

export interface SchemaDiffOptions {
  /** A PostgreSQL server to build the two databases on; PGlite in memory when absent. */
  serverUrl?: string;
  migrations?: MigrationFile[];
  schemaFiles?: SchemaFile[];
}

/**
 * What a migration must do to bring a database built from supabase/migrations to the state of
 * supabase/schemas: both are built from scratch, side by side, and compared.
 */
export async function diffMigrationsAgainstSchemas(options: SchemaDiffOptions = {}): Promise<string> {
  const [migrated, declared] = await Promise.all([
    openScratchDatabase({ serverUrl: options.serverUrl, prefix: 'sciai_diff_migrations' }),
    openScratchDatabase({ serverUrl: options.serverUrl, prefix: 'sciai_diff_schemas' }),
  ]);
  try {
    await buildFromMigrations(migrated, options.migrations);
    await buildFromSchemas(declared, options.schemaFiles);
    return await diffDatabases(migrated, declared);
  } finally {
    await Promise.all([migrated.close(), declared.close()]);
  }
}
