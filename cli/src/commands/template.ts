import { writeFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { buildImportTemplate, IMPORT_TYPES, type ImportType } from '@sciai/core';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createOutput, examplesHelp } from '../output.ts';
import { errorMessage } from '../target.ts';

interface TemplateOptions {
  type: ImportType;
  out?: string;
}

export function registerTemplateCommand(program: Command, context: CliContext): void {
  program
    .command('template')
    .summary('write the CSV template for an import type')
    .description(
      'Write {type}_template.csv in the current directory (or -o FILE): every column `sciai import` reads, with ' +
        'one example row. Use -o - for stdout.',
    )
    .addOption(new Option('--type <type>', 'what the rows are').choices(IMPORT_TYPES).makeOptionMandatory())
    .option('-o, --out <file>', 'where to write it (default ./{type}_template.csv; - for stdout)')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai template --type paper', 'write paper_template.csv here'],
        ['sciai template --type paper -o imports/papers.csv', 'write it elsewhere'],
        ['sciai template --type agent -o -', 'print the agent template'],
      ]),
    )
    .action((options: TemplateOptions) => writeTemplate(options, context));
}

async function writeTemplate(options: TemplateOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  const template = buildImportTemplate(options.type);
  if (options.out === '-') {
    context.stdout.write(template.csv);
    return;
  }
  const path = options.out ?? template.fileName;
  try {
    await writeFile(path, template.csv, 'utf8');
  } catch (error) {
    throw new CliError(`Could not write ${path}: ${errorMessage(error)}`);
  }
  output.success(`Wrote ${path}`);
  output.note('Columns:');
  for (const column of template.help) output.note(`  ${column.column.padEnd(26)} ${column.help}`);
}
