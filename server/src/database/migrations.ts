import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../config.ts';

export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase/migrations');

/**
 * The baseline migration: the whole schema as it stood when the migrations before it were
 * collapsed into one (generated from supabase/schemas by `npm run db:baseline`).
 */
export const BASELINE_VERSION = '20261126000000';

/**
 * The migrations the baseline replaced. A database that ran all of them has exactly the
 * baseline's schema (a test builds both and compares them); one that ran only some of them has
 * a schema no shipped migration leads on from.
 */
export const PRE_BASELINE_VERSIONS: readonly string[] = [
  '20261121000100', // catalog
  '20261121000200', // users
  '20261121000300', // row_level_security
  '20261121000400', // taxonomy_and_settings
  '20261121000500', // load_catalog
  '20261121000600', // search_index
  '20261121000700', // search_items
  '20261121000800', // item_details
  '20261121000900', // profiles_and_admin_assurance
  '20261121000910', // account_settings
  '20261121001000', // security_events
  '20261121001100', // saves_library_trending
  '20261121001200', // submissions_and_moderation
  '20261121001250', // review_notifications
  '20261121001300', // csv_import
  '20261121001350', // bulk_import_speed
  '20261121001400', // admin_area
  '20261121001500', // search_speed
  '20261121001600', // one_pass_search
  '20261121001700', // import_commit_speed
  '20261121001800', // search_first_run_per_row
  '20261121001900', // import_commit_leaner
  '20261121002000', // browse_rows_domain_lists
  '20261121002100', // import_domain_links
  '20261121002200', // facet_values_inlined
];

/**
 * Whether a database migrated before the baseline existed can take the baseline as applied:
 * true when it ran every replaced migration, false when it ran none (a new database). Throws
 * when it ran only some: no shipped migration can finish those.
 */
export function adoptPreBaselineDatabase(applied: ReadonlySet<string>): boolean {
  const ran = PRE_BASELINE_VERSIONS.filter((version) => applied.has(version));
  if (ran.length === 0) return false;
  if (ran.length === PRE_BASELINE_VERSIONS.length) return true;
  const missing = PRE_BASELINE_VERSIONS.filter((version) => !applied.has(version));
  throw new Error(
    `This database stopped part-way through the migrations that ${BASELINE_VERSION}_baseline replaced: ` +
      `${ran.length} of ${PRE_BASELINE_VERSIONS.length} ran, ${missing[0]} onwards did not, and this release no longer ships them. ` +
      'Start it once with the previous release (which finishes its migrations), then with this one; ' +
      'or start this release on a new data directory (DATA_DIR) or a new database (DATABASE_URL).',
  );
}

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
export async function applyMigrations(
  client: pg.ClientBase,
  migrations = readMigrations(),
  options: { log?: (message: string) => void } = {},
): Promise<string[]> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );`);
  const { rows } = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const baseline = migrations.find((migration) => migration.version === BASELINE_VERSION);
  if (baseline && !applied.has(baseline.version) && adoptPreBaselineDatabase(applied)) {
    await client.query(
      'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
      [baseline.version, baseline.name, [baseline.sql]],
    );
    applied.add(baseline.version);
    options.log?.(
      `Recorded ${baseline.version}_${baseline.name} as applied: this database ran the ${PRE_BASELINE_VERSIONS.length} migrations it replaces`,
    );
  }
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
