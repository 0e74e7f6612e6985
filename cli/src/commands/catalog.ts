import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CatalogItemSchema, type CatalogItem } from '@sciai/core';
import { buildCatalog, catalogFiles, type Snapshots } from '@sciai/core/catalog-build';
import { readSnapshots } from '../catalog/read-snapshots.ts';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createOutput, examplesHelp, formatDuration, formatInteger } from '../output.ts';
import { errorMessage } from '../target.ts';

const REPOSITORY_ROOT = resolve(import.meta.dirname, '../../..');
export const DEFAULT_SNAPSHOTS = join(REPOSITORY_ROOT, 'fixtures/sources/snapshots');
export const DEFAULT_BUILT = join(REPOSITORY_ROOT, 'fixtures/catalog/built');
const HAND_WRITTEN = join(REPOSITORY_ROOT, 'fixtures/catalog');

/** The hand-written catalog, which the build reports overlaps with. */
export function readHandWritten(folder = HAND_WRITTEN): CatalogItem[] {
  return ['software.json', 'papers.json', 'companies.json', 'agents.json']
    .filter((name) => existsSync(join(folder, name)))
    .flatMap((name) => CatalogItemSchema.array().parse(JSON.parse(readFileSync(join(folder, name), 'utf8'))));
}

export function registerCatalogCommand(program: Command, context: CliContext): void {
  const catalog = program
    .command('catalog')
    .description('Build the catalog files from the open sources.')
    .summary('build the catalog from source snapshots');
  catalog
    .command('build')
    .summary('rebuild the catalog files from the source snapshots')
    .description(
      'Read the trimmed source snapshots (fixtures/sources/snapshots), merge their records into one ' +
        'item per thing, apply the quality floor and the field taxonomy, and write the catalog files ' +
        '(fixtures/catalog/built). The same snapshots always give the same bytes.',
    )
    .option('--snapshots <dir>', 'the snapshots folder', DEFAULT_SNAPSHOTS)
    .option('--out <dir>', 'where to write the catalog files', DEFAULT_BUILT)
    .option('--check', 'write nothing; fail when the files there differ from a fresh build')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai catalog build', 'rebuild fixtures/catalog/built'],
        ['sciai catalog build --check', 'check the committed files are the build of the committed snapshots'],
      ]),
    )
    .action((options: { snapshots: string; out: string; check?: boolean }) => runBuild(context, options));
}

function runBuild(context: CliContext, options: { snapshots: string; out: string; check?: boolean }): void {
  const output = createOutput(context);
  const started = performance.now();
  if (!existsSync(options.snapshots)) throw new CliError(`No snapshots folder at ${options.snapshots}.`);
  let snapshots: Snapshots;
  try {
    snapshots = readSnapshots(options.snapshots);
  } catch (error) {
    throw new CliError(`Could not read the snapshots in ${options.snapshots}: ${errorMessage(error)}`);
  }
  if (Object.keys(snapshots).length === 0)
    throw new CliError(`No source snapshots (SNAPSHOT files) under ${options.snapshots}.`);
  let result: ReturnType<typeof buildCatalog>;
  try {
    result = buildCatalog(snapshots);
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
  const files = catalogFiles(result, snapshots, readHandWritten());
  if (options.check) {
    const differing = Object.entries(files)
      .filter(
        ([name, text]) =>
          !existsSync(join(options.out, name)) || readFileSync(join(options.out, name), 'utf8') !== text,
      )
      .map(([name]) => name);
    const extra = existsSync(options.out)
      ? readdirSync(options.out).filter((name) => name.endsWith('.json') && !(name in files))
      : [];
    if (differing.length + extra.length > 0) {
      throw new CliError(
        `The catalog files in ${options.out} are not the build of ${options.snapshots}: ${[...differing, ...extra].join(', ')}. Run sciai catalog build.`,
      );
    }
    output.success(`The catalog files match a fresh build (${formatInteger(result.items.length)} items).`);
    return;
  }
  try {
    mkdirSync(options.out, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(options.out, name), text);
  } catch (error) {
    throw new CliError(`Could not write the catalog files to ${options.out}: ${errorMessage(error)}`);
  }
  output.success(
    `Built ${formatInteger(result.items.length)} items from ${Object.keys(snapshots).length} sources into ${options.out}. ` +
      output.colors.dim(`(${formatDuration(performance.now() - started)})`),
  );
}
