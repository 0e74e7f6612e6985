import { IMPORT_COLUMNS, type ImportColumn, type ImportType } from './columns.ts';

export interface ImportTemplate {
  fileName: string;
  csv: string;
  /** Column name → help text, for the upload page. */
  help: ReadonlyArray<{ column: string; help: string; required: boolean }>;
}

/** docs/product.md#csv-template: values holding commas, quotes or newlines are quoted, with quotes doubled. */
export function quoteCsvValue(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function formatCsvLine(values: readonly string[]): string {
  return values.map(quoteCsvValue).join(',');
}

/** `{type}_template.csv`: a header of every column and one example row. */
export function buildImportTemplate(type: ImportType): ImportTemplate {
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[type];
  const csv = `${formatCsvLine(columns.map((column) => column.name))}\n${formatCsvLine(columns.map((column) => column.example))}\n`;
  return {
    fileName: `${type}_template.csv`,
    csv,
    help: columns.map((column) => ({ column: column.name, help: column.help, required: column.required })),
  };
}
