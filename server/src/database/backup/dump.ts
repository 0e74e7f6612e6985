import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { appliedMigrationVersions, HOLDS_DATA_SQL, listBackupSequences, listBackupTables } from './catalog.ts';
import { dumpHasher, endLine, insertLine, preambleLines, qualified, ROWS_PER_LINE, setvalLine } from './dump-format.ts';

/**
 * A logical dump of every table's rows (see dump-format.ts), read through `pg` so PGlite and
 * PostgreSQL are dumped by the same code, by the process that owns the database, while it serves.
 *
 * One read-only, repeatable-read transaction: the dump is one consistent moment. On PGlite that
 * transaction holds the single session (pglite-wire-server.ts), so the site waits while the rows
 * are read; on PostgreSQL it serves on.
 *
 * Yields the file's lines, each ending in a newline.
 */
export async function* dumpDatabase(pool: pg.Pool, engine: string): AsyncGenerator<string> {
  if (engine !== 'pglite') {
    yield* readDump(pool, engine);
    return;
  }
  // PGlite serves nobody else while the transaction is open: read everything first, then let
  // the reader take its time (the site waits for the reading only, not for the transfer; the
  // dump is held in memory meanwhile, 34 MB for a 10,000-item catalog).
  const lines: string[] = [];
  for await (const line of readDump(pool, engine)) lines.push(line);
  yield* lines;
}

async function* readDump(pool: pg.Pool, engine: string): AsyncGenerator<string> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const hasher = dumpHasher();
    const emit = (line: string) => {
      hasher.add(line);
      return `${line}\n`;
    };
    const tables = await listBackupTables(client);
    const sequences = await listBackupSequences(client);
    const schema = await appliedMigrationVersions(client);
    for (const line of preambleLines({ schema, engine, tables, emptinessCheck: HOLDS_DATA_SQL })) yield emit(line);

    const tag = `sciai_${randomBytes(6).toString('hex')}`;
    for (const table of tables) {
      // a server-side cursor: a large table is never held whole in memory
      await client.query(
        `declare dump_rows no scroll cursor for select to_jsonb(t)::text as row from ${qualified(table)} t`,
      );
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${ROWS_PER_LINE} from dump_rows`);
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
      }
      await client.query('close dump_rows');
    }
    for (const sequence of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(sequence)}`,
      );
      const state = rows[0];
      if (state) yield emit(setvalLine(sequence, state.last_value, state.is_called));
    }
    yield emit('COMMIT;');
    await client.query('commit');
    yield `${endLine(hasher.digest())}\n`;
  } finally {
    // a dump abandoned halfway (the reader went away) ends its transaction before the session is reused
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
