import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Argument, InvalidArgumentError, Option, type Command } from 'commander';
import type { Json } from '@sciai/core';
import {
  createSavedResponseAdapter,
  createSourceAdapter,
  HARVEST_SOURCES,
  HarvestError,
  recordedQuery,
  runHarvest,
  SourceError,
  type CallHarvestRpc,
  type HarvestQuery,
  type HarvestReport,
  type HarvestSource,
} from '@sciai/core/sources';
import { integerInRange } from '../arguments.ts';
import type { CliContext } from '../context.ts';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../errors.ts';
import { hasQuery, QUERY_HINT, SOURCE_BASE_URL_VARIABLES, sourceSettings } from '../harvest-sources.ts';
import { inputFileSize } from '../input-file.ts';
import { createOutput, examplesHelp, formatInteger, type Output } from '../output.ts';
import { createSpinner } from '../spinner.ts';
import { errorMessage, resolveTarget, type Target } from '../target.ts';

/** A saved response larger than this is not an API page. */
export const HARVEST_INPUT_MAX_BYTES = 256 * 1_048_576;

/** The query options are a source's (HarvestQuery); the rest are the command's own. */
interface HarvestOptions extends HarvestQuery {
  limit?: number;
  publish?: boolean;
  dryRun?: boolean;
  json?: boolean;
  input?: string;
}

function isoDate(value: string): string {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || Number.isNaN(Date.parse(`${trimmed}T00:00:00Z`))) {
    throw new InvalidArgumentError('Expected a date as YYYY-MM-DD.');
  }
  return trimmed;
}

function list(value: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0 || items.length > 1000)
    throw new InvalidArgumentError('Expected 1 to 1,000 comma-separated values.');
  return items;
}

function text(max: number): (value: string) => string {
  return (value) => {
    if (value.length > max) throw new InvalidArgumentError(`Expected at most ${formatInteger(max)} characters.`);
    return value;
  };
}

export function registerHarvestCommand(program: Command, context: CliContext): void {
  program
    .command('harvest')
    .summary('add papers and software from OpenAlex, arXiv, Crossref, GitHub, Hugging Face or bio.tools')
    .description(
      'Fetch records from an authoritative source, map them to catalog items and write them page by page: new ' +
        'items go to the moderation queue (or are published with --publish), items already in the catalog get ' +
        'their missing fields and identifiers. Every run is recorded; a run that stopped continues where it left off.',
    )
    .addArgument(new Argument('<source>', 'where to harvest from').choices(HARVEST_SOURCES))
    .option('--search <text>', 'search words (arXiv: search_query syntax; GitHub: search syntax)', text(500))
    .option('--filter <expr>', 'the source filter syntax (OpenAlex, Crossref)', text(1000))
    .option('--topic <topic>', 'a GitHub topic or an EDAM topic (bio.tools)', text(200))
    .option('--repos <list>', 'GitHub repositories as owner/name, comma-separated', list)
    .option('--ids <list>', 'arXiv ids, comma-separated', list)
    .option('--author <name>', 'a Hugging Face author or organisation', text(200))
    .option('--tag <tag>', 'a Hugging Face tag', text(200))
    .addOption(new Option('--kind <kind>', 'Hugging Face repositories').choices(['models', 'spaces']).default('models'))
    .option('--since <date>', 'only records published or changed since YYYY-MM-DD', isoDate)
    .option('--limit <n>', 'records to take at most', integerInRange(1, 1_000_000))
    .option('--per-page <n>', 'records per request', integerInRange(1, 1000))
    .option('--publish', 'publish at once instead of queueing for moderation (administrators)')
    .option('--dry-run', 'show what would be added, updated and skipped; write nothing')
    .option('--json', 'print a machine-readable report on stdout')
    .option('--input <file>', 'harvest from a saved API response (JSON, or Atom for arXiv) instead of the network')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai harvest openalex --search "protein structure" --since 2025-01-01 --limit 500', 'papers to moderate'],
        ['sciai harvest arxiv --search "cat:q-bio.BM" --dry-run', 'see what would be added'],
        ['sciai harvest github --topic bioinformatics --publish', 'publish software at once'],
        ['sciai harvest openalex --input works.json', 'from a saved response, without the network'],
      ]) +
        '\nEnvironment: OPENALEX_API_KEY, HARVEST_MAILTO (the polite pools), GITHUB_TOKEN, HF_TOKEN; ' +
        `${Object.values(SOURCE_BASE_URL_VARIABLES).join(', ')} point a source elsewhere.\n` +
        'Exit codes: 0 done, 1 failed (what was committed stays; run it again to continue), 2 bad arguments.\n',
    )
    .action((source: HarvestSource, options: HarvestOptions) => harvest(source, options, context));
}

async function harvest(source: HarvestSource, options: HarvestOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  const query: HarvestQuery = {
    search: options.search,
    filter: options.filter,
    topic: options.topic,
    repos: options.repos,
    ids: options.ids,
    author: options.author,
    tag: options.tag,
    kind: source === 'huggingface' ? options.kind : undefined,
    since: options.since,
    perPage: options.perPage,
  };
  const inputText = options.input === undefined ? undefined : await readInput(options.input);
  let adapter;
  try {
    adapter =
      inputText === undefined
        ? createSourceAdapter(source, query, sourceSettings(context.env, source))
        : createSavedResponseAdapter(
            source,
            inputText,
            { ...recordedQuery(query), input: basename(options.input ?? '') },
            options.kind,
          );
  } catch (error) {
    if (error instanceof SourceError) throw new CliError(`${options.input}: ${error.message}`, EXIT_USAGE);
    throw error;
  }
  if (inputText === undefined && !hasQuery(source, query)) {
    throw new CliError(`Say what to harvest: ${QUERY_HINT[source]}.`, EXIT_USAGE);
  }

  const spinner = createSpinner(context);
  let target: Target | undefined;
  let report: HarvestReport | undefined;
  let failure: string | null = null;
  try {
    spinner.start('Connecting to the database…');
    target = await resolveTarget(context.env);
    spinner.info(`Harvesting ${source} into ${target.description}.`);
    const client = target.client;
    const call: CallHarvestRpc = async (fn, args) => {
      switch (fn) {
        case 'begin_harvest':
          return client.rpc(fn, { source, query: asJson(args.query), publish: Boolean(args.publish) });
        case 'commit_harvest_page':
          return client.rpc(fn, {
            run_id: String(args.run_id),
            items: asJson(args.items),
            next_cursor: typeof args.next_cursor === 'string' ? args.next_cursor : '',
            finished: Boolean(args.finished),
            refused: asJson(args.refused ?? []),
          });
        case 'fail_harvest':
          return client.rpc(fn, { run_id: String(args.run_id), error: String(args.error) });
        case 'preview_harvest_page':
          return client.rpc(fn, { items: asJson(args.items) });
      }
    };
    spinner.start(options.dryRun ? 'Reading records (dry run)…' : 'Harvesting…');
    report = await runHarvest(adapter, call, {
      publish: options.publish,
      dryRun: options.dryRun,
      limit: options.limit,
      onPage: (progress) =>
        spinner.update(
          `Page ${progress.pages}: ${harvestedCounts(progress)}: ${formatInteger(progress.added)} added, ` +
            `${formatInteger(progress.updated)} updated, ${formatInteger(progress.skipped)} skipped`,
        ),
    });
    spinner.stop();
  } catch (error) {
    spinner.fail('Harvest failed.');
    if (error instanceof HarvestError) report = error.report;
    failure = error instanceof HarvestError || error instanceof CliError ? error.message : errorMessage(error);
  } finally {
    await target?.close();
  }
  if (options.json) {
    output.result(JSON.stringify({ ...report, ok: failure === null, error: failure }, null, 2));
  } else if (report) {
    printReport(output, report);
  }
  if (failure !== null) {
    const resume = report?.runId ? ' What was committed stays; run the same command again to continue.' : '';
    throw new CliError(`${failure}.${resume}`, EXIT_FAILURE);
  }
}

function printReport(output: Output, report: HarvestReport): void {
  for (const refused of report.refused.slice(0, 100)) output.result(`Skipped ${refused.ref}: ${refused.reason}`);
  if (report.refused.length > 100) output.result(`… and ${formatInteger(report.refused.length - 100)} more skipped`);
  if (report.dryRun) {
    for (const item of report.planned.slice(0, 200)) {
      output.result(`${item.action === 'add' ? 'Would add' : 'Would update'}: ${item.title} (${item.ids.join(', ')})`);
    }
    output.result(
      `Dry run: would add ${formatInteger(report.added)}, update ${formatInteger(report.updated)}, skip ${formatInteger(report.skipped)} ` +
        `(${harvestedCounts(report)}); nothing was written.`,
    );
    return;
  }
  const resumed = report.resumed ? ' (continued an earlier run)' : '';
  output.success(
    `Harvested ${harvestedCounts(report, report.source)}${resumed}: ${formatInteger(report.added)} added, ` +
      `${formatInteger(report.updated)} updated, ${formatInteger(report.skipped)} skipped.`,
  );
}

/**
 * What the outcomes are counts of: the records, the items they brought along and the repeats
 * merged, so that added + updated + skipped is the sum the sentence names.
 */
export function harvestedCounts(
  counts: Pick<HarvestReport, 'records' | 'related' | 'merged'>,
  source?: HarvestReport['source'],
): string {
  const plural = (count: number, one: string, many: string) => `${formatInteger(count)} ${count === 1 ? one : many}`;
  let text = plural(counts.records, 'record', 'records') + (source ? ` from ${source}` : '');
  if (counts.related > 0) text += ` with ${plural(counts.related, 'related item', 'related items')}`;
  if (counts.merged > 0) text += `, ${plural(counts.merged, 'repeat', 'repeats')} merged`;
  return text;
}

/** A saved response: a readable file within the size limit, in UTF-8 (or UTF-16 with its mark). */
async function readInput(file: string): Promise<string> {
  const size = await inputFileSize(file);
  if (size > HARVEST_INPUT_MAX_BYTES) {
    throw new CliError(`${file} is larger than ${formatInteger(HARVEST_INPUT_MAX_BYTES / 1_048_576)} MB.`, EXIT_USAGE);
  }
  const bytes = await readFile(file);
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(`${file} is not UTF-8 text.`, EXIT_USAGE);
  }
}

function asJson(value: unknown): Json {
  // Items and queries are built by core from parsed JSON and plain values: JSON by construction.
  const json: Json = JSON.parse(JSON.stringify(value ?? null));
  return json;
}
