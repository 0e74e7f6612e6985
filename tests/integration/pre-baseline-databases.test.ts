import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../server/src/database/engine.ts';
import {
  applyMigrations,
  BASELINE_VERSION,
  PRE_BASELINE_VERSIONS,
  readMigrations,
} from '../../server/src/database/migrations.ts';
import { openScratchDatabase } from '../../server/src/database/scratch-database.ts';
import { pgliteClusterImage } from '../support/database-templates.ts';

/**
 * Databases migrated before the migrations were collapsed into the baseline: one that ran all of
 * the replaced migrations takes the baseline as applied and goes on; one that stopped part-way
 * is refused with what to do, and left as it was.
 */
describe('a database migrated before the baseline', () => {
  const engine = inject('engine');
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });

  async function scratch(): Promise<Database> {
    const db = await openScratchDatabase({
      serverUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      prefix: 'sciai_test_pre_baseline',
      // a new cluster in memory from a tar rather than PGlite's initdb (~8 CPU-s)
      pgliteImage: engine === 'pglite' ? await pgliteClusterImage() : undefined,
    });
    opened.push(db);
    return db;
  }

  /** What such a database holds: the baseline's schema, recorded as the old migrations. */
  async function recordAsMigratedBefore(db: Database, versions: readonly string[], withSchema: boolean) {
    const baseline = readMigrations().find((migration) => migration.version === BASELINE_VERSION)!;
    await db.pool.query(`
      create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);`);
    if (withSchema) await db.pool.query(baseline.sql);
    for (const version of versions) {
      await db.pool.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        'before_the_baseline',
      ]);
    }
  }

  /**
   * What a start does after the bootstrap. (prepareDatabase would also set the authenticator's
   * password, which belongs to the whole PostgreSQL server and its other test backends.)
   */
  async function migrate(db: Database, log?: (line: string) => void): Promise<string[]> {
    const client = await db.pool.connect();
    try {
      return await applyMigrations(client, undefined, { log });
    } finally {
      client.release();
    }
  }

  async function recordedVersions(db: Database): Promise<string[]> {
    const { rows } = await db.pool.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    return rows.map((row) => row.version);
  }

  it('that ran all the replaced migrations records the baseline, logs it once, and applies what follows', async () => {
    const db = await scratch();
    await recordAsMigratedBefore(db, PRE_BASELINE_VERSIONS, true);
    const log: string[] = [];

    const applied = await migrate(db, (line) => log.push(line));

    const later = readMigrations().filter((migration) => migration.version > BASELINE_VERSION);
    expect(applied).toEqual(later.map((migration) => `${migration.version}_${migration.name}`));
    expect(log).toEqual([
      `Recorded ${BASELINE_VERSION}_baseline as applied: this database ran the ${PRE_BASELINE_VERSIONS.length} migrations it replaces`,
    ]);
    expect(await recordedVersions(db)).toEqual(
      [...PRE_BASELINE_VERSIONS, BASELINE_VERSION, ...later.map((migration) => migration.version)].sort(),
    );
    // A second start has nothing to do and says nothing.
    expect(await migrate(db, (line) => log.push(line))).toEqual([]);
    expect(log).toHaveLength(1);
  });

  it('that ran only some of them is refused with what to do, and left as it was', async () => {
    const db = await scratch();
    const some = PRE_BASELINE_VERSIONS.slice(0, 12);
    await recordAsMigratedBefore(db, some, false);

    await expect(migrate(db)).rejects.toThrow(
      new RegExp(
        `12 of ${PRE_BASELINE_VERSIONS.length} ran, ${PRE_BASELINE_VERSIONS[12]} onwards did not.*` +
          'Start it once with the previous release.*new data directory \\(DATA_DIR\\) or a new database \\(DATABASE_URL\\)',
      ),
    );
    expect(await recordedVersions(db)).toEqual([...some]);
    const { rows } = await db.pool.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname = 'public'`,
    );
    expect(rows[0]!.tables).toBe(0);
  });
});
