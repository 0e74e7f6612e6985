import { formatNumber } from '../i18n/format-locale.ts';
import { t } from '../i18n/translate.ts';
import { IMPORT_TYPE_PLURALS, IMPORT_TYPE_SINGULARS, type ImportType } from './columns.ts';

/**
 * The import's texts (docs/product.md#csv-import), in one place so both front doors say the same:
 * in the page's language when read (English in the terminal).
 */
export const IMPORT_MESSAGES = {
  get invalidFileTitle() {
    return t('Invalid File Type');
  },
  get invalidFileBody() {
    return t('Please select a CSV file');
  },
  get headerOnly() {
    return t('CSV must have at least a header row and one data row');
  },
  get readFailed() {
    return t('Failed to read file');
  },
  get noValidData() {
    return t('No valid data to upload');
  },
  get uploadSuccessTitle() {
    return t('Upload Successful');
  },
  get titleRequired() {
    return t('Title is required');
  },
  get softwareNameRequired() {
    return t('Software name is required');
  },
  get companyNameRequired() {
    return t('Company name is required');
  },
  get agentNameRequired() {
    return t('Agent name is required');
  },
  get missingAbstract() {
    return t('Missing abstract');
  },
  get invalidDate() {
    return t('Invalid publication date format');
  },
  get unknownContentType() {
    return t('Unknown content type');
  },
  get alreadyExists() {
    return t('Already exists: will be skipped');
  },
  get untitled() {
    return t('Untitled');
  },
};

export function processCsvFailed(reason: string): string {
  return t('Failed to process CSV: {reason}', { reason });
}

export function insertFailed(message: string | undefined): string {
  return t('Failed to insert data: {message}', { message: message?.trim() || t('Unknown error') });
}

export function uploadSuccess(count: number, type: ImportType): string {
  const values = { count };
  switch (type) {
    case 'software':
      return t('Successfully uploaded {count} software tools to the database.', values);
    case 'paper':
      return t('Successfully uploaded {count} papers to the database.', values);
    case 'company':
      return t('Successfully uploaded {count} companies to the database.', values);
    case 'agent':
      return t('Successfully uploaded {count} agents to the database.', values);
  }
}

export function processingSummary(valid: number, invalid: number): string {
  return t('Processing complete: {valid} valid rows, {invalid} invalid rows', { valid, invalid });
}

export function processingToast(total: number, valid: number, invalid: number): string {
  return t('Processed {total} rows. {valid} valid, {invalid} invalid.', { total, valid, invalid });
}

export function readyToImport(count: number, type: ImportType): string {
  const values = { count };
  switch (type) {
    case 'software':
      return t('Ready to import {count} valid software tools into the database. Invalid rows will be skipped.', values);
    case 'paper':
      return t('Ready to import {count} valid papers into the database. Invalid rows will be skipped.', values);
    case 'company':
      return t('Ready to import {count} valid companies into the database. Invalid rows will be skipped.', values);
    case 'agent':
      return t('Ready to import {count} valid agents into the database. Invalid rows will be skipped.', values);
  }
}

export function previewNote(total: number): string {
  return t('Showing first 100 rows of {total}', { total });
}

export function unknownDomains(names: readonly string[]): string {
  return t('Unknown domains: {names}', { names: names.join(', ') });
}

export function duplicateOfRow(row: number): string {
  return t('Duplicate of row {row}', { row });
}

export function columnCountMismatch(row: number, expected: number, found: number): string {
  return t('Row {row}: expected {expected} columns but found {found}; the row was skipped', { row, expected, found });
}

export function tooManyRows(limit: number): string {
  return t(
    'The file has more than {limit} data rows, the limit here. Split it into smaller files, or import it with `sciai import`.',
    { limit: formatNumber(limit) },
  );
}

export function fileTooLarge(limitBytes: number): string {
  return t(
    'The file is larger than {megabytes} MB, the limit here. Split it into smaller files, or import it with `sciai import`.',
    { megabytes: Math.round(limitBytes / 1_048_576) },
  );
}

export function skippedSummary(count: number): string {
  return t(
    '{count, plural, one {{count} row was} other {{count} rows were}} skipped as already in the database or repeated in the file.',
    { count },
  );
}

/*
 * The terminal's wording (`sciai import`). The page keeps the spec's fixed texts above
 * ('Processing complete: N valid rows, …', 'Successfully uploaded N {type} …'); a terminal line
 * counts exactly, so it says "1 valid row", "1 agent", "1 software tool".
 */

/** "1 row", "2 rows", "1,000 rows". */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

function itemsOf(count: number, type: ImportType): string {
  return countOf(count, IMPORT_TYPE_SINGULARS[type], IMPORT_TYPE_PLURALS[type]);
}

export function terminalProcessingSummary(valid: number, invalid: number): string {
  return `Processing complete: ${countOf(valid, 'valid row', 'valid rows')}, ${countOf(invalid, 'invalid row', 'invalid rows')}`;
}

export function terminalUploadSuccess(count: number, type: ImportType): string {
  return `Successfully uploaded ${itemsOf(count, type)} to the database.`;
}

export function terminalDryRunSummary(count: number, type: ImportType): string {
  return `Dry run: ${itemsOf(count, type)} would be imported; nothing was written.`;
}

/** Every valid row is in the catalog already (a rerun of an import): nothing to write. */
export function nothingNew(alreadyThere: number): string {
  return `Nothing new: ${countOf(alreadyThere, 'row', 'rows')} already in the catalog`;
}

/** A file that is not CSV, said to someone who named it on a command line. */
export const NOT_A_CSV_FILE = 'Not a CSV file: its name must end in .csv.';
export const NOT_CSV_TEXT = 'Not a CSV file: it does not hold text (it is binary or not UTF-8).';
