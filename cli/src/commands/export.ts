import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { Option, type Command } from 'commander';
import {
  catalogCsvHeader,
  catalogCsvRows,
  catalogJsonLine,
  IMPORT_TYPES,
  importReadyCsvHeader,
  importReadyCsvRows,
  type ImportType,
  type PublicItem,
} from '@sciai/core';
import type { CliContext } from '../context.ts';
import { CliError, EXIT_USAGE } from '../errors.ts';
import { createOutput, examplesHelp, formatDuration, formatInteger } from '../output.ts';
import { createSpinner } from '../spinner.ts';
import { errorMessage, resolveTarget, type Target } from '../target.ts';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

interface ExportOptions {
  format: ExportFormat;
  type?: ImportType;
  output?: string;
}

/** item_details() takes at most this many slugs a call. */
const BATCH = 100;

export function registerExportCommand(program: Command, context: CliContext): void {
  program
    .command('export')
    .summary('write the published catalog as JSON Lines or CSV')
    .description(
      'Write every published item, every public field, as the /data dumps are made: JSON Lines (one object an ' +
        'item) or CSV (one row an item). With --type, CSV in the admin import columns of that type, which ' +
        '`sciai import --type <type>` reads back into another SciAI. A file name ending in .gz is gzip-compressed.',
    )
    .addOption(new Option('--format <format>', 'jsonl or csv').choices(EXPORT_FORMATS).makeOptionMandatory())
    .addOption(new Option('--type <type>', 'CSV of one type, in its import columns').choices(IMPORT_TYPES))
    .option('-o, --output <file>', 'write to this file (default: standard output)')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai export --format jsonl -o catalog.jsonl.gz', 'the catalog as gzip JSON Lines'],
        ['sciai export --format csv > catalog.csv', 'the catalog as CSV'],
        ['sciai export --format csv --type paper -o papers.csv', 'papers, ready for `sciai import --type paper`'],
        [
          'sciai export --format csv --type software -o tools.csv',
          'software, ready for `sciai import --type software`',
        ],
      ]),
    )
    .action((options: ExportOptions) => exportCatalog(options, context));
}

/** Published items, a hundred at a time in slug order, through the Data API. */
async function* publishedItems(target: Target, type: ImportType | undefined): AsyncGenerator<PublicItem[]> {
  let after = '';
  for (;;) {
    let query = target.client
      .from('content_items')
      .select('slug')
      .eq('status', 'published')
      .gt('slug', after)
      .order('slug')
      .limit(BATCH);
    if (type) query = query.eq('content_type', type);
    const { data: slugs, error } = await query;
    if (error) throw new CliError(`Could not list the catalog: ${error.message}`);
    if (!slugs.length) return;
    const { data, error: detailsError } = await target.client.rpc('item_details', {
      slugs: slugs.map((row) => row.slug),
    });
    if (detailsError) throw new CliError(`Could not read the items: ${detailsError.message}`);
    const items = (data ?? []) as unknown as PublicItem[];
    if (items.length) yield items;
    after = slugs[slugs.length - 1]!.slug;
    if (slugs.length < BATCH) return;
  }
}

async function exportCatalog(options: ExportOptions, context: CliContext): Promise<void> {
  if (options.type && options.format !== 'csv') {
    throw new CliError('--type makes import-ready CSV: use it with --format csv.', EXIT_USAGE);
  }
  if (options.output) {
    // A path that cannot be written is the user's to fix (exit 2), before any database work.
    try {
      await writeFile(options.output, '');
    } catch (error) {
      throw new CliError(`Cannot write ${options.output}: ${errorMessage(error)}`, EXIT_USAGE);
    }
  }
  const output = createOutput(context);
  const spinner = createSpinner(context);
  const started = performance.now();
  const origin = context.env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  spinner.start('Connecting to the database…');
  const target = await resolveTarget(context.env).catch((error: unknown) => {
    spinner.fail('Could not reach the database.');
    throw error;
  });

  const file = options.output ? createWriteStream(options.output) : undefined;
  const gzip = options.output?.endsWith('.gz') ? createGzip() : undefined;
  if (gzip && file) gzip.pipe(file);
  const sink: NodeJS.WritableStream = gzip ?? file ?? context.stdout;
  // A disk that fills up mid-way fails the export, not the process.
  let failure: Error | undefined;
  for (const stream of [file, gzip]) stream?.on('error', (error: Error) => (failure ??= error));
  const write = async (text: string) => {
    if (failure) throw new CliError(`Could not write ${options.output}: ${failure.message}`);
    if (text && !sink.write(text)) await once(sink, 'drain');
  };
  let count = 0;
  try {
    spinner.update('Exporting the catalog…');
    if (options.format === 'csv') await write(options.type ? importReadyCsvHeader(options.type) : catalogCsvHeader());
    for await (const items of publishedItems(target, options.type)) {
      count += items.length;
      spinner.update(`Exporting the catalog… ${formatInteger(count)} items`);
      if (options.format === 'jsonl') await write(items.map((item) => catalogJsonLine(item, origin)).join(''));
      else if (options.type) await write(importReadyCsvRows(items, options.type));
      else await write(catalogCsvRows(items));
    }
    if (file) {
      const closed = once(file, 'close');
      (gzip ?? file).end();
      await closed;
    }
    spinner.stop();
  } catch (error) {
    spinner.fail('The export failed.');
    file?.destroy();
    throw error instanceof CliError ? error : new CliError(errorMessage(error));
  } finally {
    await target.close();
  }
  const where = options.output ? ` to ${options.output}` : '';
  const message =
    `Exported ${formatInteger(count)} published ${count === 1 ? 'item' : 'items'} of ${target.description}${where}. ` +
    `(${formatDuration(performance.now() - started)})`;
  // On standard output the data is the result; the summary goes where progress goes.
  if (options.output) output.success(`${message}`);
  else context.stderr.write(`${message}\n`);
}
