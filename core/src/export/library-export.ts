import type { ExportItem } from './export-item.ts';
import { toBibtex } from './bibtex.ts';
import { toCsv } from './csv.ts';
import { toJson } from './json.ts';
import { toRis } from './ris.ts';

export const EXPORT_FORMATS = ['csv', 'json', 'bibtex', 'ris'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  json: 'JSON',
  bibtex: 'BibTeX',
  ris: 'RIS',
};

const FILE_TYPES: Record<ExportFormat, { extension: string; mimeType: string }> = {
  csv: { extension: 'csv', mimeType: 'text/csv;charset=utf-8' },
  json: { extension: 'json', mimeType: 'application/json;charset=utf-8' },
  bibtex: { extension: 'bib', mimeType: 'application/x-bibtex;charset=utf-8' },
  ris: { extension: 'ris', mimeType: 'application/x-research-info-systems;charset=utf-8' },
};

export interface ExportFile {
  filename: string;
  mimeType: string;
  content: string;
}

/** A file of the given items in a format, named sciai-library-<date>.<ext>. */
export function exportLibrary(format: ExportFormat, items: ReadonlyArray<ExportItem>, now: Date): ExportFile {
  const { extension, mimeType } = FILE_TYPES[format];
  const content =
    format === 'csv'
      ? toCsv(items)
      : format === 'json'
        ? toJson(items, now)
        : format === 'bibtex'
          ? toBibtex(items)
          : toRis(items);
  return { filename: `sciai-library-${now.toISOString().slice(0, 10)}.${extension}`, mimeType, content };
}
