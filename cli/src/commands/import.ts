import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { Option, type Command } from 'commander';
import {
  checkCsvFile,
  countOf,
  CsvFileError,
  checkCsvStart,
  decodeCsvChunks,
  describeProcessingFailure,
  findExistingKeys,
  IMPORT_MESSAGES,
  IMPORT_TYPES,
  ImportWriteError,
  isClean,
  NOT_CSV_TEXT,
  processCsvChunks,
  stagedRow,
  StagedRowChunker,
  typedImportCall,
  writeStreamedCsv,
  type CallImportRpc,
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
import { buildReport, printSummary, writeJsonReport, type ImportTimings } from './import-report.ts';
import { ImportSpool } from './import-spool.ts';

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
    .summary('import software, papers, companies or agents from a CSV file')
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
        ['sciai import --type software tools.csv', 'import software tools'],
      ]) +
        '\nExit codes: 0 imported (invalid rows reported and skipped), 1 failed or --strict found invalid rows, 2 bad arguments (a missing file, a file that is not CSV).\n',
    )
    .action((file: string, options: ImportOptions) => importCsv(file, options, context));
}

async function importCsv(file: string, options: ImportOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  const base = { type: options.type, file, dryRun: Boolean(options.dryRun), strict: Boolean(options.strict) };
  try {
    await checkCsvInput(file);
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
  const spool = await ImportSpool.create();
  let clock = phaseClock();
  let target: Target | undefined;
  let result: ProcessResult | undefined;
  let outcome: ImportOutcome | undefined;
  let failure: string | null = null;
  try {
    try {
      spinner.start('Connecting to the database…');
      target = await resolveTarget(context.env);
      spinner.info(`Importing into ${target.description}.`);
      const domains = await readDomains(target);
      const client = target.client;
      // async: an argument typedImportCall refuses then fails the write like a refused call.
      const call: CallImportRpc = async (fn, args) => {
        const typed = typedImportCall(fn, args);
        return client.rpc(typed.fn, typed.args);
      };
      spinner.start('Reading rows…');
      // Timings count the pipeline, not the backend's start-up.
      clock = phaseClock();
      const progress = progressReporter((text) => spinner.update(text), clock);
      const write = !options.dryRun;
      const chunker = new StagedRowChunker(options.chunk);
      // The file is read as a stream and each batch of rows leaves memory once judged: rows with
      // issues go to the report's spool, rows to write to the staging chunks' (on disk).
      result = await processCsvChunks(
        decodeCsvChunks(createReadStream(file, { highWaterMark: READ_BYTES })),
        options.type,
        { domains, findExisting: (kind, keys) => findExistingKeys(call, kind, keys) },
        {
          maxRows: CLI_CSV_LIMITS.maxRows,
          keepRows: 0,
          onProgress: progress,
          onRows: async (rows) => {
            for (const row of rows) {
              if (row.status !== 'Valid') await spool.addIssue(row);
              if (!write || row.status === 'Invalid' || row.skip) continue;
              const full = chunker.push(stagedRow(options.type, row.record, row.rowNumber));
              if (full) await spool.addChunk(full);
            }
          },
        },
      );
      const last = chunker.finish();
      if (last) await spool.addChunk(last);
      if (write && !(options.strict && !isClean(result))) {
        outcome = await writeStreamedCsv(
          call,
          result,
          basename(file),
          { chunks: spool.readChunks(), chunkCount: spool.chunkCount },
          { chunkRows: options.chunk, onProgress: progress },
        );
      }
      spinner.stop();
    } catch (error) {
      if (error instanceof CsvFileError && error.title === IMPORT_MESSAGES.invalidFileTitle) {
        spinner.fail('Import failed.');
        throw new CliError(invalidArgumentMessage('file', file, NOT_CSV_TEXT), EXIT_USAGE);
      }
      spinner.fail('Import failed.');
      failure =
        error instanceof CsvFileError || error instanceof ImportWriteError || error instanceof CliError
          ? error.message
          : describeProcessingFailure(error);
    } finally {
      await target?.close();
    }
    const report = buildReport({ ...base, timings: clock.timings() }, result, outcome, failure);
    if (options.json) await writeJsonReport(context.stdout, report, spool);
    else printSummary(output, report, result, outcome, spool);
  } finally {
    await spool.remove();
  }
  if (failure !== null) throw new CliError(failure, EXIT_FAILURE);
  if (options.strict && result && !isClean(result)) {
    throw new CliError(
      `--strict: ${countOf(result.invalidCount, 'invalid row', 'invalid rows')} and ${countOf(result.malformedCount, 'malformed row', 'malformed rows')}; nothing was written.`,
      EXIT_FAILURE,
    );
  }
}

/** Bytes read from the file at a time. */
const READ_BYTES = 1_048_576;

/**
 * A file that is missing, or not CSV text whatever its name, is a wrong argument (2), said as
 * commander says it of a name that is not .csv (csvFileArgument); one too large is a failed run
 * (1). Its first bytes are looked at here, so a binary file is refused before anything starts;
 * the rest is checked as it is read.
 */
async function checkCsvInput(file: string): Promise<void> {
  const size = await inputFileSize(file);
  try {
    checkCsvFile({ name: file, type: '', size }, CLI_CSV_LIMITS);
    const handle = await open(file);
    try {
      const head = new Uint8Array(4_096);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      checkCsvStart(head.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
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

/** The spinner's text for each progress event, with the rows read so far while they are read. */
function progressReporter(
  show: (text: string) => void,
  clock: ReturnType<typeof phaseClock>,
): (progress: ImportProgress) => void {
  let rowsRead = 0;
  return (progress) => {
    clock.mark(progress);
    if (progress.phase === 'reading') rowsRead = progress.rowsRead;
    show(progressText(progress, rowsRead));
  };
}

function progressText(progress: ImportProgress, rowsRead: number): string {
  switch (progress.phase) {
    case 'reading':
      return `Reading and validating rows… ${formatInteger(progress.rowsRead)}`;
    case 'validating':
      return `Validated ${formatInteger(progress.rowsValidated)} rows.`;
    case 'checking-duplicates':
      return `Reading and validating rows… ${formatInteger(rowsRead)} (checking ${formatInteger(progress.keys)} against the catalog)`;
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
