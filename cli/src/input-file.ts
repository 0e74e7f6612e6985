import { stat } from 'node:fs/promises';
import { CliError, EXIT_USAGE } from './errors.ts';

/** The size of a file named on the command line; a missing file (or a directory) is a wrong argument (2). */
export async function inputFileSize(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    return info.size;
  } catch {
    throw new CliError(`Cannot read ${file}: no such file.`, EXIT_USAGE);
  }
}
