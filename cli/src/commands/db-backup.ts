import { createWriteStream } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createSpinner } from '../spinner.ts';
import { createOutput, examplesHelp, formatDuration, formatInteger } from '../output.ts';
import { errorMessage, planTarget, redactPassword, type TargetPlan } from '../target.ts';

/** The first line of every dump (server/src/database/backup/dump-format.ts). */
const DUMP_HEADER = '-- SciAI database dump, format 1';

export function registerDbBackupCommands(db: Command, context: CliContext): void {
  db.command('dump')
    .argument('[file]', 'where to write the dump (default: standard output)')
    .summary('write a backup of every table')
    .description(
      'Write a plain-SQL backup of every table (catalog, accounts, saves, settings, …) as one consistent moment. ' +
        'Works while the server runs. The keys in DATA_DIR/secrets.json are not in it: back that file up too.',
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai db dump backup.sql', 'back up the local database (DATA_DIR, or DATABASE_URL)'],
        ['sciai db dump | gzip > backup.sql.gz', 'compressed, through standard output'],
      ]),
    )
    .action((file: string | undefined) => dump(context, file));

  db.command('restore')
    .argument('<file>', 'a file written by sciai db dump')
    .option(
      '--force',
      'replace a database that already holds accounts or catalog items; API tokens revoked and sessions signed out since the backup work again',
    )
    .summary('replace every table with a backup')
    .description(
      'Load a backup written by sciai db dump, in one transaction: a refused or failed restore changes nothing. ' +
        'A fresh DATA_DIR or database is migrated first; the backup and the database must be at the same schema version.',
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['DATA_DIR=./restored sciai db restore backup.sql', 'into a fresh data directory, then npm start'],
        ['sciai db restore backup.sql --force', 'replace everything in the local database'],
      ]),
    )
    .action((file: string, options: { force?: boolean }) => restore(context, file, options.force ?? false));
}

async function localPlan(context: CliContext, verb: string) {
  const plan = await planTarget(context.env);
  if (plan.kind === 'hosted') {
    throw new CliError(
      `A hosted Supabase project is backed up by Supabase (dashboard → Database → Backups) or with: supabase db dump. ` +
        `Unset SUPABASE_URL to ${verb} the local database.`,
    );
  }
  return plan;
}

function describe(plan: Exclude<TargetPlan, { kind: 'hosted' }>): string {
  if (plan.kind === 'running-server') return `the SciAI server at ${plan.url}`;
  return plan.config.databaseUrl
    ? `PostgreSQL at ${redactPassword(plan.config.databaseUrl)}`
    : `PGlite in ${plan.config.dataDir}`;
}

async function serviceRoleKey(plan: Extract<TargetPlan, { kind: 'running-server' }>): Promise<string> {
  const { loadOrCreateSecrets } = await import('@sciai/server');
  return (await loadOrCreateSecrets(plan.config.dataDir)).serviceRoleKey;
}

async function failureMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : response.statusText;
}

async function dumpLines(plan: Exclude<TargetPlan, { kind: 'hosted' }>): Promise<{
  lines: AsyncIterable<string | Uint8Array>;
  done: Promise<void>;
}> {
  if (plan.kind === 'running-server') {
    const response = await fetch(new URL('/ops/v1/dump', plan.url), {
      headers: { authorization: `Bearer ${await serviceRoleKey(plan)}` },
    });
    if (!response.ok || !response.body) {
      throw new CliError(
        `The server at ${plan.url} could not dump (HTTP ${response.status}): ${await failureMessage(response)}`,
      );
    }
    return { lines: Readable.fromWeb(response.body), done: Promise.resolve() };
  }
  const { dumpDatabase, withOwnedDatabase } = await import('@sciai/server');
  // the database stays open while the lines are read, and closes once the last one is
  let handOver!: (lines: AsyncIterable<string>) => void;
  let finish!: () => void;
  const linesReady = new Promise<AsyncIterable<string>>((resolve) => (handOver = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const done = withOwnedDatabase(plan.config, { prepare: false }, async (db) => {
    handOver(dumpDatabase(db.pool, db.engine));
    await finished;
  });
  const lines = await Promise.race([linesReady, done.then(() => undefined)]);
  if (!lines) throw new CliError('The database closed before the dump began');
  async function* thenClose() {
    try {
      yield* lines!;
    } finally {
      finish();
    }
  }
  return { lines: thenClose(), done };
}

async function dump(context: CliContext, file: string | undefined): Promise<void> {
  const output = createOutput(context);
  const spinner = createSpinner(context);
  const started = performance.now();
  const plan = await localPlan(context, 'dump');
  spinner.start(`Dumping ${describe(plan)}…`);
  // written beside and renamed over: a failed dump never leaves a half file under the real name
  const temporary = file ? `${file}.${process.pid}.partial` : undefined;
  let bytes = 0;
  try {
    const { lines, done } = await dumpLines(plan);
    const counted = async function* () {
      for await (const chunk of lines) {
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
        yield chunk;
      }
    };
    // the dump holds password hashes and sign-in factors: readable by its owner only
    const sink = temporary ? createWriteStream(temporary, { mode: 0o600 }) : toStdout(context);
    await pipeline(Readable.from(counted()), sink);
    await done;
    if (file && temporary) {
      const written = await readTail(temporary);
      if (!written.includes('-- end of dump: ')) throw new CliError('The dump ended early; nothing was written');
      await rename(temporary, file);
    }
    spinner.stop();
  } catch (error) {
    spinner.fail('The dump failed.');
    if (temporary) await rm(temporary, { force: true });
    throw error instanceof CliError ? error : new CliError(errorMessage(error));
  }
  const summary = `Dumped ${describe(plan)}: ${formatInteger(bytes)} bytes${file ? ` to ${file}` : ''} ${output.colors.dim(
    `(${formatDuration(performance.now() - started)})`,
  )}`;
  if (file) output.success(summary);
  else output.note(summary);
}

function toStdout(context: CliContext): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (context.stdout.write(chunk)) callback();
      else context.stdout.once('drain', () => callback());
    },
  });
}

async function readTail(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 200);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

async function restore(context: CliContext, file: string, force: boolean): Promise<void> {
  const output = createOutput(context);
  const { MAX_DUMP_BYTES, RESTORE_BRINGS_BACK } = await import('@sciai/server');
  const size = await stat(file).then(
    (stats) => stats.size,
    (error: unknown) => {
      throw new CliError(`Cannot read ${file}: ${errorMessage(error)}`);
    },
  );
  if (size > MAX_DUMP_BYTES) {
    throw new CliError(
      `${file} is ${formatInteger(size)} bytes, more than a restore takes (${formatInteger(MAX_DUMP_BYTES)}); nothing was changed`,
    );
  }
  const text = await readFile(file, 'utf8');
  if (!text.startsWith(`${DUMP_HEADER}\n`)) {
    throw new CliError(`${file} is not a SciAI dump (it does not begin with "${DUMP_HEADER}"); nothing was changed`);
  }
  const plan = await localPlan(context, 'restore');
  const spinner = createSpinner(context);
  const started = performance.now();
  spinner.start(`Restoring ${file} into ${describe(plan)}…`);
  let result: { tables: number; rows: number };
  try {
    result = await restoreInto(plan, text, force);
    spinner.stop();
  } catch (error) {
    spinner.fail('Nothing was restored.');
    throw error instanceof CliError ? error : new CliError(errorMessage(error));
  }
  output.success(
    `Restored ${formatInteger(result.rows)} rows in ${result.tables} tables into ${describe(plan)} ` +
      output.colors.dim(`(${formatDuration(performance.now() - started)})`),
  );
  // Revoking a token or ending a session deletes its row: the backup brings it back.
  if (force) output.warn(`${RESTORE_BRINGS_BACK} (their owners: Settings → Security; a new password ends both)`);
}

async function restoreInto(
  plan: Exclude<TargetPlan, { kind: 'hosted' }>,
  text: string,
  force: boolean,
): Promise<{ tables: number; rows: number }> {
  if (plan.kind === 'running-server') {
    const url = new URL('/ops/v1/restore', plan.url);
    if (force) url.searchParams.set('force', 'true');
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await serviceRoleKey(plan)}`, 'content-type': 'application/sql' },
      body: text,
    });
    if (!response.ok) throw new CliError(`${await failureMessage(response)}; nothing was changed`);
    return (await response.json()) as { tables: number; rows: number };
  }
  const { restoreDatabase, withOwnedDatabase, RestoreRefusedError } = await import('@sciai/server');
  try {
    return await withOwnedDatabase(plan.config, { prepare: true }, (db) => restoreDatabase(db.pool, text, { force }));
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw new CliError(`${error.message}; nothing was changed`);
    throw error;
  }
}
