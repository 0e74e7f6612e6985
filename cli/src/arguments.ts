import { InvalidArgumentError } from 'commander';
import { NOT_A_CSV_FILE } from '@sciai/core';
import { formatInteger } from './output.ts';

/**
 * Commander argument parsers. They throw InvalidArgumentError, which the program reports as
 * "option '--x <n>' argument 'abc' is invalid. <reason>" and exits with code 2.
 */
export function integerInRange(min: number, max: number): (value: string) => number {
  return (value) => {
    const trimmed = value.trim();
    const number = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max) {
      throw new InvalidArgumentError(`Expected a whole number from ${formatInteger(min)} to ${formatInteger(max)}.`);
    }
    return number;
  };
}

/** A CSV file argument, by its name; its content is checked once read (commands/import.ts). */
export function csvFileArgument(value: string): string {
  if (!/\.csv$/i.test(value.trim())) throw new InvalidArgumentError(NOT_A_CSV_FILE);
  return value;
}

/**
 * Commander's wording for a bad argument, for a check that can only run after parsing (a file's
 * content): "command-argument value 'x' is invalid for argument 'file'. <reason>"; the program
 * prefixes "error: " as commander does.
 */
export function invalidArgumentMessage(name: string, value: string, reason: string): string {
  return `command-argument value '${value}' is invalid for argument '${name}'. ${reason}`;
}
