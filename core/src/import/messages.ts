import { IMPORT_TYPE_PLURALS, type ImportType } from './columns.ts';

/** The import's texts (docs/product.md#csv-import), in one place so both front doors say the same. */
export const IMPORT_MESSAGES = {
  invalidFileTitle: 'Invalid File Type',
  invalidFileBody: 'Please select a CSV file',
  headerOnly: 'CSV must have at least a header row and one data row',
  readFailed: 'Failed to read file',
  noValidData: 'No valid data to upload',
  uploadSuccessTitle: 'Upload Successful',
  titleRequired: 'Title is required',
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
