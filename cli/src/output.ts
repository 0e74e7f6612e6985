import chalk, { Chalk, chalkStderr, type ChalkInstance } from 'chalk';
import type { CliContext, CliStream } from './context.ts';

/**
 * Results go to stdout (so they can be piped); progress, notes, warnings and errors to stderr.
 * Colour follows the real terminal (and NO_COLOR / FORCE_COLOR); captured streams get none.
 */
export interface Output {
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  readonly colors: ChalkInstance;
  /** A line of result on stdout. */
  result(text: string): void;
  success(text: string): void;
  note(text: string): void;
  warn(text: string): void;
  error(text: string): void;
}

export function createOutput(context: Pick<CliContext, 'stdout' | 'stderr'>): Output {
  const out = colorsFor(context.stdout, chalk);
  const err = colorsFor(context.stderr, chalkStderr);
  return {
    stdout: context.stdout,
    stderr: context.stderr,
    colors: out,
    result: (text) => void context.stdout.write(`${text}\n`),
    success: (text) => void context.stdout.write(`${out.green('✔')} ${text}\n`),
    note: (text) => void context.stderr.write(`${err.dim(text)}\n`),
    warn: (text) => void context.stderr.write(`${err.yellow(`warning: ${text}`)}\n`),
    error: (text) => void context.stderr.write(`${err.red(`error: ${text}`)}\n`),
  };
}

export function colorsFor(stream: CliStream, processChalk: ChalkInstance): ChalkInstance {
  if (stream === process.stdout || stream === process.stderr) return processChalk;
  return new Chalk({ level: 0 });
}

/** 100000 → "100,000" */
export function formatInteger(value: number): string {
  return value.toLocaleString('en-US');
}

/** 950 → "950ms", 12_345 → "12.3s", 125_000 → "2m 05s" */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1_000) return `${Math.round(milliseconds)}ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1_000).toFixed(1)}s`;
  const seconds = Math.round(milliseconds / 1_000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** The "Examples:" block appended to a command's --help. */
export function examplesHelp(examples: Array<[command: string, explanation: string]>): string {
  const width = Math.max(...examples.map(([command]) => command.length));
  return `\nExamples:\n${examples.map(([command, explanation]) => `  $ ${command.padEnd(width)}  ${explanation}`).join('\n')}\n`;
}
