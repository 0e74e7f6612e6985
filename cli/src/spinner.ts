import ora, { type Ora } from 'ora';
import { chalkStderr } from 'chalk';
import type { CliContext } from './context.ts';
import { colorsFor } from './output.ts';

/**
 * Progress on stderr: an ora spinner in a terminal; in logs (CI, pipes) a line when a step starts
 * and, for long steps, a progress line at most every few seconds, so nothing looks hung.
 */
export interface Spinner {
  start(text: string): void;
  update(text: string): void;
  info(text: string): void;
  fail(text: string): void;
  stop(): void;
}

const LOG_INTERVAL_MS = 5_000;

export function createSpinner(context: Pick<CliContext, 'stderr'>): Spinner {
  const colors = colorsFor(context.stderr, chalkStderr);
  const spinner: Ora = ora({ stream: context.stderr, discardStdin: false });
  const interactive = spinner.isEnabled;
  let lastLogged = 0;
  return {
    start(text) {
      lastLogged = performance.now();
      spinner.start(text);
    },
    update(text) {
      spinner.text = text;
      if (!interactive && performance.now() - lastLogged >= LOG_INTERVAL_MS) {
        lastLogged = performance.now();
        context.stderr.write(`- ${text}\n`);
      }
    },
    info: (text) => void spinner.stopAndPersist({ symbol: colors.blue('ℹ'), text }),
    fail: (text) => void spinner.stopAndPersist({ symbol: colors.red('✖'), text }),
    stop: () => void spinner.stop(),
  };
}
