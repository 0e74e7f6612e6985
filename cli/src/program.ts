import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerDbMigrateCommand } from './commands/db-migrate.ts';
import { registerDbBackupCommands } from './commands/db-backup.ts';
import { registerKeysCommand } from './commands/keys.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerMailCommand } from './commands/mail.ts';
import { registerImportCommand } from './commands/import.ts';
import { registerHarvestCommand } from './commands/harvest.ts';
import { registerEnrichCommand } from './commands/enrich.ts';
import { registerExportCommand } from './commands/export.ts';
import { registerTemplateCommand } from './commands/template.ts';
import { registerSeedCommand } from './commands/seed.ts';
import { registerUsersCommand } from './commands/users.ts';
import { registerTrendingCommand } from './commands/trending.ts';
import { registerCatalogCommand } from './commands/catalog.ts';
import { processContext, type CliContext } from './context.ts';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './errors.ts';
import { colorsFor, createOutput, examplesHelp } from './output.ts';
import { errorMessage } from './target.ts';
import chalk, { chalkStderr } from 'chalk';

/**
 * The `sciai` program. Every command is registered on a parent created *after* exitOverride
 * and configureOutput, so it inherits both: parse errors surface as CommanderError (mapped to
 * exit code 2 by runCli) and all output goes through the context's streams.
 */
export function buildProgram(context: CliContext = processContext()): Command {
  const errColors = colorsFor(context.stderr, chalkStderr);
  const program = new Command('sciai')
    .description(
      'Administer a SciAI catalog: import CSV files, seed data, manage users, migrate the database, print API keys, read local mail.',
    )
    .version(packageJson.version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void context.stdout.write(text),
      writeErr: (text) => void context.stderr.write(text),
      outputError: (text, write) => write(errColors.red(text)),
    })
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ styleTitle: (title) => colorsFor(context.stdout, chalk).bold(title) })
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai db migrate', 'apply new migrations to the local database'],
        ['sciai seed', 'load the catalog'],
        ['sciai seed --synthetic 100000', 'load 100,000 synthetic items for benchmarks'],
        ['sciai keys --service-role', 'print the API URL and keys'],
        ['sciai mail --to ada@example.org --last', 'the newest mail the local auth service sent to Ada'],
      ]) +
        '\nWhere the data goes:\n' +
        '  SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY  a hosted Supabase project\n' +
        '  DATABASE_URL                              a PostgreSQL database, with the embedded API\n' +
        '  DATA_DIR (default <repo>/data)            the embedded PGlite database; when a SciAI server\n' +
        '                                            is running on it, the CLI goes through that server\n',
    );

  registerSeedCommand(program, context);
  const db = program
    .command('db')
    .description('Manage the database: schema, backups.')
    .summary('migrate, back up and restore the database');
  registerDbMigrateCommand(db, context);
  registerDbBackupCommands(db, context);
  registerKeysCommand(program, context);
  registerMcpCommand(program, context);
  registerMailCommand(program, context);
  registerImportCommand(program, context);
  registerHarvestCommand(program, context);
  registerEnrichCommand(program, context);
  registerExportCommand(program, context);
  registerTemplateCommand(program, context);
  registerTrendingCommand(program, context);
  registerCatalogCommand(program, context);
  registerUsersCommand(program, context);
  return program;
}

/**
 * Runs the program on `args` (the words after `sciai`) and returns the exit code:
 * 0 done, 1 the work failed, 2 the command line was wrong.
 */
export async function runCli(args: string[], context: CliContext = processContext()): Promise<number> {
  const program = buildProgram(context);
  try {
    await program.parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    return exitCodeFor(error, context);
  }
}

function exitCodeFor(error: unknown, context: CliContext): number {
  // Commander has already printed its message (or the help/version text).
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
  const output = createOutput(context);
  if (error instanceof CliError) {
    output.error(error.message);
    return error.exitCode;
  }
  // DataDirLockedError and other known failures carry messages written for people.
  output.error(errorMessage(error));
  if (context.env.SCIAI_DEBUG && error instanceof Error && error.stack) output.note(error.stack);
  return EXIT_FAILURE;
}
