import type { Command } from 'commander';
import { generateSyntheticCatalog, type CatalogItem, type Json } from '@sciai/core';
import type { LoadableItem } from '@sciai/core/catalog-build';
import { integerInRange } from '../arguments.ts';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createSpinner } from '../spinner.ts';
import { createOutput, examplesHelp, formatDuration, formatInteger } from '../output.ts';
import { errorMessage, resolveTarget } from '../target.ts';

export const MAX_SYNTHETIC_ITEMS = 1_000_000;
export const DEFAULT_CHUNK_SIZE = 2_000;
/** The gateway accepts 16 MB bodies; 10,000 synthetic items are about 13 MB of JSON. */
export const MAX_CHUNK_SIZE = 10_000;

interface SeedOptions {
  synthetic?: number;
  chunk: number;
}

export function registerSeedCommand(program: Command, context: CliContext): void {
  program
    .command('seed')
    .summary('load the catalog built from open sources, or synthetic items')
    .description(
      'Load the catalog built from open sources (or a synthetic one, for benchmarks) into the database. Items already present, by slug, are skipped.',
    )
    .option(
      '--synthetic <count>',
      `generate <count> synthetic items (1 to ${formatInteger(MAX_SYNTHETIC_ITEMS)}) instead of the catalog; they are marked as sample data`,
      integerInRange(1, MAX_SYNTHETIC_ITEMS),
    )
    .option(
      '--chunk <size>',
      `items per database call (1 to ${formatInteger(MAX_CHUNK_SIZE)})`,
      integerInRange(1, MAX_CHUNK_SIZE),
      DEFAULT_CHUNK_SIZE,
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai seed', 'load the catalog of AI-for-science work built from open sources'],
        ['sciai seed --synthetic 100000', 'add 100,000 synthetic items (synthetic-{type}-{n})'],
        ['DATA_DIR=/tmp/bench sciai seed --synthetic 5000', 'seed a scratch data directory'],
      ]) + '\nRunning it again inserts only what is missing, so a larger --synthetic extends a smaller one.\n',
    )
    .action((options: SeedOptions) => seedCatalog(options, context));
}

/** Items in chunks, produced on demand so a million synthetic items never sit in memory at once. */
interface CatalogSource {
  total: number;
  chunk(start: number, size: number): Array<CatalogItem | LoadableItem>;
  /** the open sources the items name, written first (catalog_sources) */
  sources?: unknown[];
}

interface LoadResult {
  inserted: number;
  skipped: number;
}

async function seedCatalog(options: SeedOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  // Read the input before starting a database, so a broken fixture fails in a second.
  const source = options.synthetic ? syntheticSource(options.synthetic) : await builtSource();

  const spinner = createSpinner(context);
  const started = performance.now();
  spinner.start('Connecting to the database…');
  const target = await resolveTarget(context.env).catch((error: unknown) => {
    spinner.fail('Could not reach the database.');
    throw error;
  });
  spinner.info(`Seeding ${target.description} (ready in ${formatDuration(performance.now() - started)}).`);
  for (const migration of target.appliedMigrations) output.note(`  applied migration ${migration}`);

  const total: LoadResult = { inserted: 0, skipped: 0 };
  const loadStarted = performance.now();
  try {
    spinner.start(progressText(0, source.total));
    if (source.sources) {
      const { error } = await target.client.rpc('load_catalog_sources', { sources: source.sources as Json });
      if (error) throw new CliError(`The database refused the catalog's sources: ${error.message}`);
    }
    for (let start = 0; start < source.total; start += options.chunk) {
      const items = source.chunk(start, Math.min(options.chunk, source.total - start));
      const { data, error, status } = await target.client.rpc('load_catalog', {
        items: items as Json,
        // synthetic items say they are sample data wherever they show
        mark_as_sample: options.synthetic !== undefined,
      });
      if (error) {
        const saved =
          start > 0
            ? `\nThe ${formatInteger(start)} items before them were saved; running the command again skips them.`
            : '';
        // supabase-js reports a network failure as status 0, with a stack trace in `details`.
        if (status === 0) throw new CliError(`Could not reach ${target.url}: ${error.message}${saved}`);
        const detail = [error.message, error.details, error.hint].filter(Boolean).join(' — ');
        throw new CliError(
          `The database refused items ${formatInteger(start + 1)}–${formatInteger(start + items.length)}: ${detail}${saved}`,
        );
      }
      const result = readLoadResult(data);
      total.inserted += result.inserted;
      total.skipped += result.skipped;
      spinner.update(progressText(start + items.length, source.total));
    }
    // The planner has no statistics for what a bulk load wrote until ANALYZE: a search's first
    // run over 100,000 fresh items took 450 ms instead of 20 (docs/decisions/0042-search-cache-and-maintenance.md).
    if (total.inserted > 0) {
      spinner.update('Updating the planner statistics…');
      const { error } = await target.client.rpc('refresh_catalog_statistics');
      if (error) throw new CliError(`The items were saved, but the statistics were not updated: ${error.message}`);
    }
    spinner.stop();
  } catch (error) {
    spinner.fail(`Seeding stopped after ${formatInteger(total.inserted + total.skipped)} items.`);
    throw error instanceof CliError ? error : new CliError(errorMessage(error));
  } finally {
    await target.close();
  }
  output.success(
    `Inserted ${formatInteger(total.inserted)} items, skipped ${formatInteger(total.skipped)} already present. ` +
      output.colors.dim(`(${formatDuration(performance.now() - loadStarted)})`),
  );
}

function progressText(done: number, total: number): string {
  return `Seeding ${formatInteger(done)}/${formatInteger(total)} items…`;
}

function syntheticSource(count: number): CatalogSource {
  return {
    total: count,
    // Each synthetic item depends only on its index, so chunks equal slices of one big run.
    chunk: (start, size) => generateSyntheticCatalog(size, { startIndex: start + 1 }),
  };
}

async function builtSource(): Promise<CatalogSource> {
  const { readDefaultCatalog } = await import('@sciai/server');
  let catalog: ReturnType<typeof readDefaultCatalog>;
  try {
    catalog = readDefaultCatalog();
  } catch (error) {
    throw new CliError(`Could not read the catalog (fixtures/catalog): ${errorMessage(error)}`);
  }
  const { items, sources } = catalog;
  return { total: items.length, sources, chunk: (start, size) => items.slice(start, start + size) };
}

function readLoadResult(data: unknown): LoadResult {
  if (typeof data === 'object' && data !== null && 'inserted' in data && 'skipped' in data) {
    const { inserted, skipped } = data;
    if (typeof inserted === 'number' && typeof skipped === 'number') return { inserted, skipped };
  }
  throw new CliError(`load_catalog answered something unexpected: ${JSON.stringify(data)}`);
}
