import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { DEFAULT_DUMP_CHUNK_MS } from '../../config.ts';
import {
  appliedMigrationVersions,
  HOLDS_DATA_SQL,
  listAllTables,
  listBackupSequences,
  tableKey,
  DERIVED_TABLES,
  type BackupTable,
} from './catalog.ts';
import {
  dumpHasher,
  endLine,
  insertLine,
  preambleLines,
  qualified,
  quoteIdent,
  REBUILD_LINES,
  setvalLine,
} from './dump-format.ts';

export interface DumpOptions {
  /**
   * How long one read of rows may take before the next read asks for fewer: on PGlite each read
   * holds the one session, and everything else waits for it.
   */
  chunkMs?: number;
  /** The most rows one read (and one INSERT line) carries. */
  maxRowsPerChunk?: number;
}

export const DEFAULT_DUMP_ROWS_PER_CHUNK = 500;
/** The fewest rows a chunk shrinks to (a table's last chunk may hold fewer). */
const MIN_ROWS_PER_CHUNK = 16;

/**
 * A logical dump of every table's rows (see dump-format.ts), read through `pg` so PGlite and
 * PostgreSQL are dumped by the same code, by the process that owns the database, while it serves.
 *
 * Rows are read table by table in primary-key order, a chunk at a time, each chunk sized so that
 * its read stays within `chunkMs`. On PostgreSQL the chunks share one read-only, repeatable-read
 * transaction: the dump is one consistent moment, and other sessions serve on beside it. PGlite
 * has one session, and an open transaction would keep every other request (the health check's
 * PostgREST probe, the job lock's ping, visitors) waiting until the last row is read, however
 * large the catalog: there each chunk is a statement of its own, and requests run between
 * chunks. A write made during a PGlite dump may therefore be in some tables and not in others.
 *
 * Yields the file's lines, each ending in a newline.
 */
export async function* dumpDatabase(pool: pg.Pool, engine: string, options: DumpOptions = {}): AsyncGenerator<string> {
  const chunkMs = options.chunkMs ?? DEFAULT_DUMP_CHUNK_MS;
  const maxRows = options.maxRowsPerChunk ?? DEFAULT_DUMP_ROWS_PER_CHUNK;
  const snapshot = engine !== 'pglite';
  const client = await pool.connect();
  // a connection that breaks while the dump holds it fails the dump's next query, not the process
  const onError = () => undefined;
  client.on('error', onError);
  try {
    if (snapshot) await client.query('begin isolation level repeatable read read only');
    const hasher = dumpHasher();
    const emit = (line: string) => {
      hasher.add(line);
      return `${line}\n`;
    };
    const all = await listAllTables(client);
    const tables = all.filter((table) => !DERIVED_TABLES.includes(tableKey(table)));
    const sequences = await listBackupSequences(client);
    const schema = await appliedMigrationVersions(client);
    for (const line of preambleLines({ schema, engine, tables: all, emptinessCheck: HOLDS_DATA_SQL })) yield emit(line);

    const tag = `sciai_${randomBytes(6).toString('hex')}`;
    let rowsPerChunk = Math.min(100, maxRows);
    for (const table of tables) {
      let after: string[] | undefined;
      for (;;) {
        const started = performance.now();
        const { rows } = await client.query<{ row: string; key: string[] | null }>(
          chunkQuery(table, after !== undefined),
          after === undefined ? [rowsPerChunk] : [rowsPerChunk, ...after],
        );
        const elapsed = performance.now() - started;
        if (rows.length === 0) break;
        yield emit(
          insertLine(
            table,
            table.columns,
            table.identityAlways,
            tag,
            rows.map((r) => r.row),
          ),
        );
        const last = rows.at(-1)?.key;
        if (rows.length < rowsPerChunk || !last) break;
        after = last;
        // Wide rows (long descriptions, big JSON) read fewer at a time, narrow ones more. Not
        // below a floor: on a busy machine a statement's own cost passes a small budget whatever
        // it reads, and one row a statement would only make the dump longer.
        if (elapsed > chunkMs)
          rowsPerChunk = Math.max(Math.min(MIN_ROWS_PER_CHUNK, maxRows), Math.floor(rowsPerChunk / 2));
        else if (elapsed < chunkMs / 2) rowsPerChunk = Math.min(maxRows, rowsPerChunk * 2);
      }
    }
    for (const sequence of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(sequence)}`,
      );
      const state = rows[0];
      if (state) yield emit(setvalLine(sequence, state.last_value, state.is_called));
    }
    for (const line of REBUILD_LINES) yield emit(line);
    yield emit('COMMIT;');
    if (snapshot) await client.query('commit');
    yield `${endLine(hasher.digest())}\n`;
  } finally {
    // a dump abandoned halfway (the reader went away) ends its transaction before the session is reused
    if (snapshot) await client.query('rollback').catch(() => undefined);
    client.release();
    client.off('error', onError);
  }
}

/**
 * The next chunk of a table in primary-key order, after the key given as parameters $2… (as
 * text, cast back to the key's types, so the comparison walks the primary key's index). A table
 * without a primary key is read whole, in one statement.
 */
function chunkQuery(table: BackupTable, hasAfter: boolean): string {
  const from = `from ${qualified(table)} t`;
  if (table.key.length === 0) return `select to_jsonb(t)::text as row, null::text[] as key ${from} where $1::int > 0`;
  const columns = table.key.map(({ column }) => `t.${quoteIdent(column)}`);
  const keyText = `array[${columns.map((column) => `${column}::text`).join(', ')}]`;
  const after = table.key.map(({ type }, index) => `$${index + 2}::${type}`);
  const where = hasAfter ? `where (${columns.join(', ')}) > (${after.join(', ')})` : '';
  return `select to_jsonb(t)::text as row, ${keyText} as key ${from} ${where} order by ${columns.join(', ')} limit $1`;
}
