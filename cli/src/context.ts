/**
 * What a command may touch of the outside world, passed in so tests can run the real program
 * with their own environment and captured output.
 */
export type CliStream = NodeJS.WritableStream & { isTTY?: boolean };
export type CliInput = NodeJS.ReadableStream & { isTTY?: boolean };

export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: CliStream;
  stderr: CliStream;
  /** Where a password is read from (--password-stdin, the prompt); the process's own when absent. */
  stdin?: CliInput;
}

export function processContext(): CliContext {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}
