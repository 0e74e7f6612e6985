import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { CliInput } from './context.ts';

/**
 * Asks for a password on the terminal without echoing it. Only for an interactive terminal:
 * callers check `input.isTTY` first.
 */
export async function promptPassword(
  question: string,
  stderr: NodeJS.WritableStream,
  input: CliInput,
): Promise<string> {
  let muted = false;
  // readline echoes what is typed through its output; once the question is written, drop it.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input, output, terminal: true });
  try {
    const answer = reader.question(question);
    muted = true;
    return await answer;
  } finally {
    reader.close();
    stderr.write('\n');
  }
}

/** The first line of standard input (for --password-stdin), without its line ending. */
export async function readPasswordFromStdin(input: CliInput): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}
