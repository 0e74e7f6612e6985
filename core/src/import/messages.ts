import { IMPORT_TYPE_PLURALS, IMPORT_TYPE_SINGULARS, type ImportType } from './columns.ts';

/** The import's texts (docs/product.md#csv-import), in one place so both front doors say the same. */
export const IMPORT_MESSAGES = {
  invalidFileTitle: 'Invalid File Type',
  invalidFileBody: 'Please select a CSV file',
  headerOnly: 'CSV must have at least a header row and one data row',
  readFailed: 'Failed to read file',
  noValidData: 'No valid data to upload',
  uploadSuccessTitle: 'Upload Successful',
  titleRequired: 'Title is required',
  softwareNameRequired: 'Software name is required',
  companyNameRequired: 'Company name is required',
  agentNameRequired: 'Agent name is required',
  missingAbstract: 'Missing abstract',
  invalidDate: 'Invalid publication date format',
  unknownContentType: 'Unknown content type',
  alreadyExists: 'Already exists: will be skipped',
  untitled: 'Untitled',
} as const;

export function processCsvFailed(reason: string): string {
  return `Failed to process CSV: ${reason}`;
}

export function insertFailed(message: string | undefined): string {
  return `Failed to insert data: ${message?.trim() || 'Unknown error'}`;
}

export function uploadSuccess(count: number, type: ImportType): string {
  return `Successfully uploaded ${count} ${IMPORT_TYPE_PLURALS[type]} to the database.`;
}

export function processingSummary(valid: number, invalid: number): string {
  return `Processing complete: ${valid} valid rows, ${invalid} invalid rows`;
}

export function processingToast(total: number, valid: number, invalid: number): string {
  return `Processed ${total} rows. ${valid} valid, ${invalid} invalid.`;
}

export function readyToImport(count: number, type: ImportType): string {
  return `Ready to import ${count} valid ${IMPORT_TYPE_PLURALS[type]} into the database. Invalid rows will be skipped.`;
}

export function previewNote(total: number): string {
  return `Showing first 100 rows of ${total}`;
}

export function unknownDomains(names: readonly string[]): string {
  return `Unknown domains: ${names.join(', ')}`;
}

export function duplicateOfRow(row: number): string {
  return `Duplicate of row ${row}`;
}

export function columnCountMismatch(row: number, expected: number, found: number): string {
  return `Row ${row}: expected ${expected} columns but found ${found}; the row was skipped`;
}

export function tooManyRows(limit: number): string {
  return `The file has more than ${limit.toLocaleString('en-US')} data rows, the limit here. Split it into smaller files, or import it with \`sciai import\`.`;
}

export function fileTooLarge(limitBytes: number): string {
  return `The file is larger than ${Math.round(limitBytes / 1_048_576)} MB, the limit here. Split it into smaller files, or import it with \`sciai import\`.`;
}

export function skippedSummary(count: number): string {
  return `${count} ${count === 1 ? 'row was' : 'rows were'} skipped as already in the database or repeated in the file.`;
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
