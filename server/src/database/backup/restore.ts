import type pg from 'pg';
import {
  appliedMigrationVersions,
  DERIVED_TABLES,
  HOLDS_DATA_SQL,
  listAllTables,
  listBackupSequences,
  tableKey as key,
} from './catalog.ts';
import { DumpFormatError, parseDump, qualified } from './dump-format.ts';

/**
 * What a restore cannot keep: revoking a token or ending a session deletes its row, so the backup
 * still holds it. Said wherever a restore replaces data.
 */
export const RESTORE_BRINGS_BACK =
  'API tokens revoked and sessions signed out since the backup work again until they are revoked or signed out once more';

export interface RestoreResult {
  tables: number;
  rows: number;
}

/** Why a restore was refused before it changed anything: the user's to fix, not a fault. */
export class RestoreRefusedError extends Error {}

/** Items whose browse rows and cards one statement of the rebuild makes: a few seconds at most. */
const REBUILD_ITEMS_PER_STATEMENT = 1000;

/**
 * Replaces every table's rows with the dump's, in one transaction: a refused or failed restore
 * leaves the database as it was. The file's SQL is never run as written: parseDump checks it
 * whole, and the statements here name only tables and columns this database has, with the rows
 * passed as parameters.
 *
 * Triggers and foreign-key checks are off while the rows go in (session_replication_role =
 * replica): the tables come in name order, not dependency order. The derived tables (the search
 * cache, the browse index and what its triggers keep; catalog.ts) are not in a dump, or are
 * skipped when an older dump has them: they are emptied, and the browse index and the cards are
 * made again from the restored items with triggers on, a thousand items a statement, so that no
 * statement holds PGlite's thread for long. That needs a superuser, which PGlite's connection is and
 * a self-hosted PostgreSQL's owner usually is (docs/security.md, "Backups").
 */
async function rebuildDerivedTables(client: pg.ClientBase): Promise<void> {
  await client.query('set local session_replication_role = origin');
  const version = (await client.query<{ version: string }>('select version::text from public.catalog_state')).rows[0]
    ?.version;
  const { rows } = await client.query<{ ids: string[] }>(
    `select array_agg(id order by id)::text[] as ids from public.content_items`,
  );
  const ids = rows[0]?.ids ?? [];
  for (let start = 0; start < ids.length; start += REBUILD_ITEMS_PER_STATEMENT) {
    await client.query('select public.refresh_content_search($1::uuid[])', [
      ids.slice(start, start + REBUILD_ITEMS_PER_STATEMENT),
    ]);
  }
  // The rebuild moved the catalog version on; the dump's is put back, so the restored database is
  // the dumped one table for table. Nothing was cached for either: the cache is empty.
  await client.query('update public.catalog_state set version = $1', [version]);
}

export async function restoreDatabase(
  pool: pg.Pool,
  text: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  let dump;
  try {
    dump = parseDump(text);
  } catch (error) {
    if (error instanceof DumpFormatError) throw new RestoreRefusedError(error.message);
    throw error;
  }
  const client = await pool.connect();
  // a connection that breaks mid-restore fails its next query (and the restore), not the process
  const onError = () => undefined;
  client.on('error', onError);
  try {
    await client.query('begin');
    const schema = await appliedMigrationVersions(client);
    if (schema.join(',') !== dump.schema.join(',')) {
      throw new RestoreRefusedError(
        `The dump was made at schema ${dump.schema.at(-1) ?? '(none)'}, this database is at ${schema.at(-1) ?? '(none)'}: ` +
          'migrate both to the same version first (sciai db migrate)',
      );
    }
    const tables = new Map((await listAllTables(client)).map((table) => [key(table), table]));
    const sequences = new Set((await listBackupSequences(client)).map(key));
    const dumped = new Set(dump.tables.map(key));
    const missing = [...tables.keys()].filter((name) => !dumped.has(name));
    const unknown = [...dumped, ...dump.inserts.map((insert) => key(insert.table))].filter((name) => !tables.has(name));
    if (missing.length || unknown.length) {
      throw new RestoreRefusedError(
        `The dump does not match this database's tables` +
          (missing.length ? `; it lacks ${missing.join(', ')}` : '') +
          (unknown.length ? `; this database has no ${[...new Set(unknown)].join(', ')}` : ''),
      );
    }
    const unknownSequence = dump.sequences.find(({ sequence }) => !sequences.has(key(sequence)));
    if (unknownSequence)
      throw new RestoreRefusedError(`This database has no sequence ${key(unknownSequence.sequence)}`);

    if (!options.force) {
      const { rows } = await client.query<{ holds: boolean }>(`select (${HOLDS_DATA_SQL}) as holds`);
      if (rows[0]?.holds) {
        throw new RestoreRefusedError(
          'This database already holds accounts or catalog items; restore with --force to replace everything in it ' +
            `(${RESTORE_BRINGS_BACK})`,
        );
      }
    }

    // the cache's bound is this server's setting (SEARCH_CACHE_MAX_MB), not the dumped one's
    const bound = await client.query<{ max: string }>(
      'select search_cache_max_bytes::text as max from public.catalog_state',
    );
    await client.query('set local session_replication_role = replica');
    if (tables.size) await client.query(`truncate ${[...tables.values()].map(qualified).join(', ')}`);
    let rows = 0;
    for (const insert of dump.inserts) {
      const table = tables.get(key(insert.table));
      if (!table || DERIVED_TABLES.includes(key(table))) continue; // unknown ones were refused above
      const list = table.columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
      const result = await client.query(
        `insert into ${qualified(table)} (${list})${table.identityAlways ? ' overriding system value' : ''}
         select ${list} from jsonb_populate_recordset(null::${qualified(table)}, $1::jsonb)`,
        [insert.json],
      );
      rows += result.rowCount ?? 0;
    }
    for (const { sequence, value, isCalled } of dump.sequences) {
      await client.query('select pg_catalog.setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence),
        value,
        isCalled,
      ]);
    }
    await rebuildDerivedTables(client);
    if (bound.rows[0]) {
      await client.query('update public.catalog_state set search_cache_max_bytes = $1', [bound.rows[0].max]);
    }
    await client.query('commit');
    return { tables: tables.size, rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (error instanceof RestoreRefusedError) throw error;
    // a row the database refuses (a damaged value that still parsed): nothing was changed
    throw new RestoreRefusedError(`The restore failed and changed nothing: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    client.release();
    client.off('error', onError);
  }
}
