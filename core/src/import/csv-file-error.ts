import { IMPORT_MESSAGES } from './messages.ts';

/** A failure of the whole file, with the toast title the upload page shows for it. */
export class CsvFileError extends Error {
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.name = 'CsvFileError';
    this.title = title;
  }
}

/** A file that is not CSV text, whatever its name says. */
export const invalidCsvFile = () => new CsvFileError(IMPORT_MESSAGES.invalidFileTitle, IMPORT_MESSAGES.invalidFileBody);
