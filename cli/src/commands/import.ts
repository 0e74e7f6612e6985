import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Option, type Command } from 'commander';
import {
  checkCsvFile,
  countOf,
  CsvFileError,
  decodeCsvBytes,
  describeProcessingFailure,
  IMPORT_MESSAGES,
  IMPORT_TYPES,
  ImportWriteError,
  isClean,
  NOT_CSV_TEXT,
  runCsvImport,
  typedImportCall,
  type CsvLimits,
  type ImportDomain,
  type ImportOutcome,
  type ImportProgress,
  type ImportType,
  type ProcessResult,
} from '@sciai/core';
import { csvFileArgument, integerInRange, invalidArgumentMessage } from '../arguments.ts';
import type { CliContext } from '../context.ts';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../errors.ts';
import { inputFileSize } from '../input-file.ts';
import { createOutput, examplesHelp, formatInteger } from '../output.ts';
import { createSpinner } from '../spinner.ts';
import { errorMessage, resolveTarget, type Target } from '../target.ts';
import { buildReport, printSummary, type ImportTimings } from './import-report.ts';

/** The CLI is not a browser tab: it takes files far beyond the page's 20 MB / 100,000 rows. */
export const CLI_CSV_LIMITS: CsvLimits = { maxBytes: 1_073_741_824, maxRows: 2_000_000 };

interface ImportOptions {
  type: ImportType;
  dryRun?: boolean;
  strict?: boolean;
  json?: boolean;
  chunk: number;
}

export function registerImportCommand(program: Command, context: CliContext): void {
  program
    .command('import')
    .summary('import papers, companies or agents from a CSV file')
    .description(
      'Validate a CSV file with the same rules as the admin CSV import page, then write its valid rows in one ' +
        'transaction. Invalid rows are reported and skipped; rows already in the catalog are skipped.',
    )
    .addOption(new Option('--type <type>', 'what the rows are').choices(IMPORT_TYPES).makeOptionMandatory())
    .argument('<file>', 'the CSV file (see `sciai template`)', csvFileArgument)
    .option('--dry-run', 'validate and check for duplicates, write nothing')
    .option('--strict', 'fail (exit 1) and write nothing when any row is invalid')
    .option('--json', 'print a machine-readable report on stdout')
    .option('--chunk <rows>', 'rows per staging call (100 to 20,000)', integerInRange(100, 20_000), 5_000)
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai template --type paper', 'write paper_template.csv to start from'],
        ['sciai import --type paper papers.csv --dry-run', 'see what would be imported'],
        ['sciai import --type company companies.csv --strict --json', 'for CI: all rows or nothing, JSON report'],
      ]) +
        '\nExit codes: 0 imported (invalid rows reported and skipped), 1 failed or --strict found invalid rows, 2 bad arguments (a missing file, a file that is not CSV).\n',
    )
    .action((file: string, options: ImportOptions) => importCsv(file, options, context));
}

async function importCsv(file: string, options: ImportOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  const base = { type: options.type, file, dryRun: Boolean(options.dryRun), strict: Boolean(options.strict) };
  let text: string;
  try {
    text = await readCsvFile(file);
  } catch (error) {
    // A file too large to read is a failed run: CI still gets its report. A missing file, or one
    // that is not CSV, is a wrong argument (exit 2).
    if (options.json && error instanceof CliError && error.exitCode === EXIT_FAILURE) {
      const timings = { parseValidateMs: 0, stagingMs: 0, commitMs: 0, totalMs: 0 };
      output.result(JSON.stringify(buildReport({ ...base, timings }, undefined, undefined, error.message), null, 2));
    }
    throw error;
  }
  const spinner = createSpinner(context);
  let clock = phaseClock();
  let target: Target | undefined;
  let result: ProcessResult | undefined;
  let outcome: ImportOutcome | undefined;
  let failure: string | null = null;
  try {
    spinner.start('Connecting to the database…');
    target = await resolveTarget(context.env);
    spinner.info(`Importing into ${target.description}.`);
    const domains = await readDomains(target);
    const client = target.client;
    spinner.start('Reading rows…');
    // Timings count the pipeline, not the backend's start-up.
    clock = phaseClock();
    const run = await runCsvImport(
      text,
      options.type,
      {
        // async: an argument typedImportCall refuses then fails the write like a refused call.
        call: async (fn, args) => {
          const call = typedImportCall(fn, args);
          return client.rpc(call.fn, call.args);
        },
        domains,
      },
      {
        fileName: basename(file),
        dryRun: options.dryRun,
        strict: options.strict,
        maxRows: CLI_CSV_LIMITS.maxRows,
        chunkRows: options.chunk,
        onProgress: (progress) => {
          clock.mark(progress);
          spinner.update(progressText(progress));
        },
      },
    );
    result = run.result;
    outcome = run.outcome;
    spinner.stop();
  } catch (error) {
    spinner.fail('Import failed.');
    failure =
      error instanceof CsvFileError || error instanceof ImportWriteError || error instanceof CliError
        ? error.message
        : describeProcessingFailure(error);
  } finally {
    await target?.close();
  }
  const report = buildReport({ ...base, timings: clock.timings() }, result, outcome, failure);
  if (options.json) output.result(JSON.stringify(report, null, 2));
  else printSummary(output, report, result, outcome);
  if (failure !== null) throw new CliError(failure, EXIT_FAILURE);
  if (options.strict && result && !isClean(result)) {
    throw new CliError(
      `--strict: ${countOf(result.invalidCount, 'invalid row', 'invalid rows')} and ${countOf(result.processingErrors.length, 'malformed row', 'malformed rows')}; nothing was written.`,
      EXIT_FAILURE,
    );
  }
}

/**
 * A file that is missing, or not CSV text whatever its name, is a wrong argument (2), said as
 * commander says it of a name that is not .csv (csvFileArgument); one too large is a failed run (1).
 */
async function readCsvFile(file: string): Promise<string> {
  const size = await inputFileSize(file);
  try {
    checkCsvFile({ name: file, type: '', size }, CLI_CSV_LIMITS);
    return decodeCsvBytes(await readFile(file));
  } catch (error) {
    if (error instanceof CsvFileError && error.title === IMPORT_MESSAGES.invalidFileTitle) {
      throw new CliError(invalidArgumentMessage('file', file, NOT_CSV_TEXT), EXIT_USAGE);
    }
    if (error instanceof CsvFileError) throw new CliError(`${error.title}: ${error.message}`, EXIT_FAILURE);
    throw new CliError(`Failed to read file: ${errorMessage(error)}`, EXIT_FAILURE);
  }
}

async function readDomains(target: Target): Promise<ImportDomain[]> {
  const { data, error } = await target.client.from('scientific_domains').select('slug, name');
  if (error) throw new CliError(`Could not read the scientific domains: ${error.message}`);
  return data.map((row) => ({ slug: row.slug, name: row.name }));
}

function progressText(progress: ImportProgress): string {
  switch (progress.phase) {
    case 'reading':
      return `Reading rows… ${formatInteger(progress.rowsRead)}`;
    case 'validating':
      return `Validating rows… ${formatInteger(progress.rowsValidated)}/${formatInteger(progress.totalRows)}`;
    case 'checking-duplicates':
      return `Checking ${formatInteger(progress.keys)} rows against the catalog…`;
    case 'staging':
      return `Staging rows… chunk ${progress.chunksStaged}/${progress.totalChunks} (${formatInteger(progress.rowsStaged)}/${formatInteger(progress.totalRows)} rows)`;
    case 'committing':
      return `Committing ${formatInteger(progress.rows)} rows in one transaction…`;
    case 'done':
      return 'Done.';
  }
}

/** Phase durations from the progress events, for the report and the benchmark. */
function phaseClock(): { mark(progress: ImportProgress): void; timings(): ImportTimings } {
  const started = performance.now();
  let stagingStarted: number | undefined;
  let commitStarted: number | undefined;
  let done: number | undefined;
  return {
    mark(progress) {
      if (progress.phase === 'staging') stagingStarted ??= performance.now();
      if (progress.phase === 'committing') commitStarted = performance.now();
      if (progress.phase === 'done') done = performance.now();
    },
    timings() {
      const end = done ?? performance.now();
      const validated = stagingStarted ?? end;
      const staged = commitStarted ?? validated;
      return {
        parseValidateMs: Math.round(validated - started),
        stagingMs: Math.round(staged - validated),
        commitMs: Math.round(end - staged),
        totalMs: Math.round(end - started),
      };
    },
  };
}
