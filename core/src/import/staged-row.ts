import type { ImportType } from './columns.ts';
import type { ImportRecord } from './row-rules.ts';

/** A row as sent to the staging table: the record and the file's row number. */
export interface StagedRow extends ImportRecord {
  row_number: number;
}

/**
 * Where each type's tags come from (row-rules): staged once, commit_import reads them from there.
 * Software has a tags column of its own.
 */
const TAG_SOURCE: Record<ImportType, 'keywords' | 'industry_focus' | 'capabilities' | null> = {
  software: null,
  paper: 'keywords',
  company: 'industry_focus',
  agent: 'capabilities',
};

/**
 * The row as staged: without the copies row-rules makes (a paper's description is its abstract,
 * tags are the keywords / industry focus / capabilities), which would otherwise be a third of
 * what a paper import sends and stores; commit_import falls back to the originals.
 */
export function stagedRow(type: ImportType, record: ImportRecord, rowNumber: number): StagedRow {
  const row: StagedRow = { ...record, row_number: rowNumber };
  const fields: Record<string, unknown> = row;
  if ('abstract' in fields && fields.description === (fields.abstract ?? '')) delete fields.description;
  const tagSource = TAG_SOURCE[type];
  const source = tagSource === null ? undefined : fields[tagSource];
  if (Array.isArray(source) && Array.isArray(fields.tags) && sameStrings(source, fields.tags)) delete fields.tags;
  // the optional model terms and papers of tools and agents, left out when empty (most rows)
  for (const field of OPTIONAL_WHEN_EMPTY) {
    const value = fields[field];
    if (value === null || (Array.isArray(value) && value.length === 0)) delete fields[field];
  }
  return row;
}

/** Fields commit_import reads as absent when left out (null, or an empty list). */
const OPTIONAL_WHEN_EMPTY = ['weights_license', 'availability', 'paper_dois', 'paper_arxiv_ids'] as const;

function sameStrings(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
