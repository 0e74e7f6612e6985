import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createSpinner } from '../spinner.ts';
import { createOutput, examplesHelp, formatDuration, formatInteger } from '../output.ts';
import { errorMessage, resolveTarget } from '../target.ts';

export function registerTrendingCommand(program: Command, context: CliContext): void {
  const trending = program.command('trending').description('Manage trending scores.').summary('manage trending scores');
  trending
    .command('refresh')
    .summary('recompute every trending score now')
    .description(
      'Recompute every trending score from recent views and saves with their time decay ' +
        '(docs/decisions/0007-trending-score.md). The server does this every 10 minutes by itself.',
    )
    .addHelpText('after', examplesHelp([['sciai trending refresh', 'recompute the scores of the local database']]))
    .action(() => refreshTrending(context));
}

async function refreshTrending(context: CliContext): Promise<void> {
  const output = createOutput(context);
  const spinner = createSpinner(context);
  const started = performance.now();
  spinner.start('Connecting to the database…');
  const target = await resolveTarget(context.env).catch((error: unknown) => {
    spinner.fail('Could not reach the database.');
    throw error;
  });
  let changed: number;
  try {
    spinner.update('Recomputing trending scores…');
    const { data, error } = await target.client.rpc('refresh_trending_scores');
    if (error) throw new CliError(`The database refused the refresh: ${error.message}`);
    if (typeof data !== 'number')
      throw new CliError(`refresh_trending_scores answered something unexpected: ${JSON.stringify(data)}`);
    changed = data;
    spinner.stop();
  } catch (error) {
    spinner.fail('The refresh failed.');
    throw error instanceof CliError ? error : new CliError(errorMessage(error));
  } finally {
    await target.close();
  }
  output.success(
    `Refreshed trending scores of ${target.description}: ${formatInteger(changed)} ${changed === 1 ? 'item' : 'items'} changed. ` +
      output.colors.dim(`(${formatDuration(performance.now() - started)})`),
  );
}
