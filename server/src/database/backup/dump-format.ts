import { createHash } from 'node:crypto';

/**
 * The backup file: plain SQL that psql can run, and that `sciai db restore` reads line by line
 * without running any of it as written (it takes the table names and rows and builds its own
 * statements), so a file that is not one of ours is refused before anything changes.
 *
 *   -- SciAI database dump, format 1
 *   -- schema: <applied migration versions, comma-separated>
 *   -- engine: pglite | postgres, made <ISO time>
 *   BEGIN;                                 + guard, truncate, session_replication_role
 *   INSERT INTO "s"."t" (…) … jsonb_populate_recordset(NULL::"s"."t", $tag$[rows as JSON]$tag$);
 *   SELECT pg_catalog.setval('"s"."seq"', 42, true);
 *   SET LOCAL session_replication_role = origin;  + the derived tables rebuilt (REBUILD_LINES)
 *   COMMIT;
 *   -- end of dump: <sha256 of every line above>
 *
 * Rows travel as to_jsonb text: one line per chunk (JSON escapes newlines), exact for numeric,
 * timestamps, arrays and jsonb alike.
 */
export const DUMP_HEADER = '-- SciAI database dump, format 1';
const SCHEMA_PREFIX = '-- schema: ';
const END_PREFIX = '-- end of dump: ';
/** A restore refuses a file above this size before reading it: the whole file is parsed in memory. */
export const MAX_DUMP_BYTES = 256 * 1024 * 1024;

export interface TableRef {
  schema: string;
  name: string;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(table: TableRef): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The lines before the data: header, then the guard a psql run meets too. */
export function preambleLines(options: {
  schema: string[];
  engine: string;
  tables: TableRef[];
  emptinessCheck: string;
}): string[] {
  const versions = options.schema.join(',');
  const message =
    'This dump was made at schema ' +
    (options.schema.at(-1) ?? 'none') +
    '; migrate this database to the same version first (sciai db migrate)';
  return [
    DUMP_HEADER,
    SCHEMA_PREFIX + versions,
    `-- engine: ${options.engine}, made ${new Date().toISOString()}`,
    '-- Restore: sciai db restore FILE  (or psql -v ON_ERROR_STOP=1 -f FILE on an empty, migrated database)',
    'BEGIN;',
    'SET LOCAL session_replication_role = replica;',
    `DO $guard$ BEGIN IF (SELECT string_agg(version, ',' ORDER BY version) FROM supabase_migrations.schema_migrations) IS DISTINCT FROM ${quoteLiteral(versions)} THEN RAISE EXCEPTION ${quoteLiteral(message)}; END IF; IF coalesce(current_setting('sciai.restore_force', true), '') <> 'on' AND (${options.emptinessCheck}) THEN RAISE EXCEPTION 'This database already holds data; restore with --force (or PGOPTIONS=''-c sciai.restore_force=on'') to replace it'; END IF; END $guard$;`,
    options.tables.length ? `TRUNCATE ${options.tables.map(qualified).join(', ')};` : '-- no tables',
  ];
}

export function insertLine(table: TableRef, columns: string[], overriding: boolean, tag: string, rows: string[]) {
  const list = columns.map(quoteIdent).join(', ');
  const json = `[${rows.join(',')}]`;
  if (json.includes(`$${tag}$`)) throw new Error('A row holds the dump quote tag; dump again (it is random)');
  return (
    `INSERT INTO ${qualified(table)} (${list})${overriding ? ' OVERRIDING SYSTEM VALUE' : ''} ` +
    `SELECT ${list} FROM jsonb_populate_recordset(NULL::${qualified(table)}, $${tag}$${json}$${tag}$);`
  );
}

/**
 * The dump's last statement before COMMIT, for a psql run: the derived tables the dump leaves out
 * (catalog.ts, DERIVED_TABLES) were emptied by the TRUNCATE, and the browse index and cards are
 * made again from the restored items, with triggers on, so the counts follow. `sciai db restore`
 * does the same in bounded steps (restore.ts) and skips this line.
 */
export const REBUILD_LINES = [
  'SET LOCAL session_replication_role = origin;',
  'SELECT public.refresh_content_search(array(SELECT id FROM public.content_items));',
];

export function setvalLine(sequence: TableRef, value: string, isCalled: boolean): string {
  return `SELECT pg_catalog.setval(${quoteLiteral(qualified(sequence))}, ${value}, ${isCalled});`;
}

export function endLine(hash: string): string {
  return `${END_PREFIX}${hash}`;
}

/** Hash of the lines before the end line, each followed by a newline. */
export function dumpHasher() {
  const hash = createHash('sha256');
  return {
    add(line: string) {
      hash.update(line);
      hash.update('\n');
    },
    digest: () => hash.digest('hex'),
  };
}

export class DumpFormatError extends Error {}

export interface ParsedDump {
  schema: string[];
  /** Row chunks in file order. */
  inserts: Array<{ table: TableRef; json: string }>;
  sequences: Array<{ sequence: TableRef; value: string; isCalled: boolean }>;
  /** Tables the dump empties (every table it covers, with rows or not). */
  tables: TableRef[];
}

const IDENT = String.raw`"((?:[^"]|"")+)"`;
const INSERT = new RegExp(
  String.raw`^INSERT INTO ${IDENT}\.${IDENT} \(.*?\)(?: OVERRIDING SYSTEM VALUE)? SELECT .*? FROM jsonb_populate_recordset\(NULL::"(?:[^"]|"")+"\."(?:[^"]|"")+", \$(\w+)\$(\[.*\])\$(\w+)\$\);$`,
);
const SETVAL = new RegExp(String.raw`^SELECT pg_catalog\.setval\('${IDENT}\.${IDENT}', (-?\d+), (true|false)\);$`);
const TABLE_LIST = new RegExp(String.raw`${IDENT}\.${IDENT}`, 'g');

const unquote = (name: string) => name.replaceAll('""', '"');

/**
 * Reads a dump without running it. Throws DumpFormatError, saying what is wrong, for anything
 * that is not a whole, unchanged dump of ours.
 */
export function parseDump(text: string): ParsedDump {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines[0] !== DUMP_HEADER) {
    throw new DumpFormatError(`Not a SciAI dump: the first line is not "${DUMP_HEADER}"`);
  }
  const last = lines.at(-1) ?? '';
  if (!last.startsWith(END_PREFIX)) {
    throw new DumpFormatError('The dump is cut short: its last line is not "-- end of dump" (copy it again)');
  }
  const hasher = dumpHasher();
  for (const line of lines.slice(0, -1)) hasher.add(line);
  if (hasher.digest() !== last.slice(END_PREFIX.length)) {
    throw new DumpFormatError('The dump was changed or damaged after it was made: its checksum does not match');
  }
  const schemaLine = lines[1] ?? '';
  if (!schemaLine.startsWith(SCHEMA_PREFIX)) throw new DumpFormatError('The dump has no schema line');
  const schema = schemaLine.slice(SCHEMA_PREFIX.length).split(',').filter(Boolean);
  const parsed: ParsedDump = { schema, inserts: [], sequences: [], tables: [] };
  for (const [index, line] of lines.slice(2, -1).entries()) {
    const insert = INSERT.exec(line);
    if (insert) {
      const [, schemaName = '', name = '', tag, json = '', closingTag] = insert;
      if (tag !== closingTag) throw new DumpFormatError(`Line ${index + 3}: unbalanced quoting`);
      parsed.inserts.push({ table: { schema: unquote(schemaName), name: unquote(name) }, json });
      continue;
    }
    const setval = SETVAL.exec(line);
    if (setval) {
      const [, schemaName = '', name = '', value = '', isCalled] = setval;
      parsed.sequences.push({
        sequence: { schema: unquote(schemaName), name: unquote(name) },
        value,
        isCalled: isCalled === 'true',
      });
      continue;
    }
    if (line.startsWith('TRUNCATE ')) {
      for (const match of line.matchAll(TABLE_LIST)) {
        parsed.tables.push({ schema: unquote(match[1] ?? ''), name: unquote(match[2] ?? '') });
      }
      continue;
    }
    // The fixed lines (BEGIN, the guard, COMMIT) carry nothing the restore needs; comments neither.
    if (line.startsWith('--') || line === '' || /^(BEGIN|COMMIT|SET LOCAL |DO \$guard\$)/.test(line)) continue;
    if (REBUILD_LINES.includes(line)) continue;
    throw new DumpFormatError(`Line ${index + 3} is not part of a SciAI dump`);
  }
  return parsed;
}
