/**
 * What a command may touch of the outside world, passed in so tests can run the real program
 * with their own environment and captured output.
 */
export type CliStream = NodeJS.WritableStream & { isTTY?: boolean };

export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: CliStream;
  stderr: CliStream;
}

export function processContext(): CliContext {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr };
}
