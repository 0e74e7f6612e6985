import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../config.ts';

export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase/migrations');

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** `20261121000100_catalog.sql` → version 20261121000100, name catalog (the Supabase CLI's naming). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = /^(\d+)_([\w-]+)\.sql$/.exec(file)!;
      return { version: version!, name: name!, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/**
 * Applies the migrations not yet recorded, in order, each in its own transaction, and records
 * them where the Supabase CLI does (`supabase_migrations.schema_migrations`), so a database
 * migrated here and one migrated by `supabase db push` agree on what has run.
 */
export async function applyMigrations(client: pg.ClientBase, migrations = readMigrations()): Promise<string[]> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );`);
  const { rows } = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await client.query('begin');
    try {
      await client.query(migration.sql);
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [migration.sql]],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    done.push(`${migration.version}_${migration.name}`);
  }
  return done;
}
