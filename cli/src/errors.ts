/** Exit codes: 1 when the work failed, 2 when the command line itself was wrong. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure whose message is written for the user as is (no stack trace). */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_FAILURE) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
