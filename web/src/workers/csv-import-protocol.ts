import type { activateLocale, ImportDomain, ImportProgress, ImportType, Locale, ProcessResult } from '@sciai/core';

type Messages = Parameters<typeof activateLocale>[1];

/**
 * The messages between the CSV page and its worker. The worker has no session, so it asks the
 * page to look up existing duplicates (supabase-js with the admin's session) and waits for the
 * answer.
 */
export type ToWorker =
  /** `locale` and `messages`: the page's, so that the rows' problems read in its language. */
  | { kind: 'process'; file: File; type: ImportType; domains: ImportDomain[]; locale: Locale; messages: Messages }
  | { kind: 'send-full-result' }
  | { kind: 'existing'; requestId: number; keys: string[] }
  | { kind: 'existing-failed'; requestId: number; message: string };

export type FromWorker =
  | { kind: 'progress'; progress: ImportProgress; estimatedRows: number }
  | { kind: 'find-existing'; requestId: number; type: ImportType; keys: string[] }
  /** The first 100 rows, processed before the rest of the file so the preview shows at once. */
  | { kind: 'first-rows'; result: ProcessResult }
  /** The whole file's counts and errors, with only the first 100 rows (cloning 100,000 costs seconds). */
  | { kind: 'result'; result: ProcessResult }
  /** Every row, sent only when the import starts. */
  | { kind: 'full-result'; result: ProcessResult }
  | { kind: 'failed'; title: string; message: string };

/**
 * Data rows the file holds at most (its line breaks less the header's): the denominator of the
 * reading progress before the parser has counted them. Quoted line breaks make it an overestimate,
 * so the bar never runs ahead of the work.
 */
export function estimateRows(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  if (text.length > 0 && !text.endsWith('\n')) lines += 1;
  return Math.max(1, lines - 1);
}

/**
 * One bar for the whole processing, from real counts: reading is the first half, validating the
 * next 40 points, the duplicate lookup the rest.
 */
export function processingPercent(progress: ImportProgress, estimatedRows: number): number {
  switch (progress.phase) {
    case 'reading':
      return Math.min(50, (50 * progress.rowsRead) / estimatedRows);
    case 'validating':
      return 50 + (40 * progress.rowsValidated) / Math.max(1, progress.totalRows);
    case 'checking-duplicates':
      return 95;
    case 'done':
      return 100;
    default:
      return 0;
  }
}

/** The import's bar: staging chunks up to 90, the commit to 95, done at 100. */
export function importPercent(progress: ImportProgress): number {
  switch (progress.phase) {
    case 'staging':
      return (90 * progress.chunksStaged) / Math.max(1, progress.totalChunks);
    case 'committing':
      return 95;
    case 'done':
      return 100;
    default:
      return 0;
  }
}
