import { InvalidArgumentError } from 'commander';
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
