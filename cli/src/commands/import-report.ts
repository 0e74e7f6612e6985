import {
  IMPORT_MESSAGES,
  nothingNew,
  skippedSummary,
  terminalDryRunSummary,
  terminalProcessingSummary,
  terminalUploadSuccess,
  type ImportOutcome,
  type ProcessResult,
} from '@sciai/core';
import type { Output } from '../output.ts';

/** Timings of the pipeline's phases, from its progress events. */
export interface ImportTimings {
  parseValidateMs: number;
  stagingMs: number;
  commitMs: number;
  totalMs: number;
}

/** What `sciai import --json` prints: everything a CI job needs to judge the run. */
export interface ImportReport {
  type: string;
  file: string;
  dryRun: boolean;
  strict: boolean;
  ok: boolean;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  warningRows: number;
  duplicateRows: number;
  processingErrors: string[];
  /** Rows with issues (Invalid or Warning); Valid rows are left out to keep reports small. */
  rows: Array<{ row: number; status: string; title: string; issues: string[] }>;
  outcome: { inserted: number; skipped: number; peopleCreated: number; organizationsCreated: number } | null;
  error: string | null;
  timings: ImportTimings;
  peakRssBytes: number;
}

export function buildReport(
  base: Pick<ImportReport, 'type' | 'file' | 'dryRun' | 'strict' | 'timings'>,
  result: ProcessResult | undefined,
  outcome: ImportOutcome | undefined,
  error: string | null,
): ImportReport {
  return {
    ...base,
    ok: error === null,
    totalRows: result?.totalRows ?? 0,
    validRows: result?.validCount ?? 0,
    invalidRows: result?.invalidCount ?? 0,
    warningRows: result?.warningCount ?? 0,
    duplicateRows: result?.duplicateCount ?? 0,
    processingErrors: result?.processingErrors ?? [],
    rows: (result?.rows ?? [])
      .filter((row) => row.status !== 'Valid')
      .map((row) => ({
        row: row.rowNumber,
        status: row.status,
        title: row.title,
        issues: row.issues.map((issue) => issue.message),
      })),
    outcome: outcome
      ? {
          inserted: outcome.inserted,
          skipped: outcome.skippedTotal,
          peopleCreated: outcome.people_created,
          organizationsCreated: outcome.organizations_created,
        }
      : null,
    error,
    // The CLI's own peak memory (it holds the file, the rows and, in-process, the database).
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

/** Row issues are listed in full up to this many rows; a summary line tells how many more. */
const LISTED_ROWS = 200;

/** The human summary: processing summary, then the row issues, then the upload result. */
export function printSummary(
  output: Output,
  report: ImportReport,
  result: ProcessResult | undefined,
  outcome: ImportOutcome | undefined,
): void {
  const { colors } = output;
  if (result) {
    output.result(colors.bold(terminalProcessingSummary(result.validCount, result.invalidCount)));
    for (const message of result.processingErrors) output.result(colors.red(`  ${message}`));
    const listed = report.rows.slice(0, LISTED_ROWS);
    for (const row of listed) {
      const paint = row.status === 'Invalid' ? colors.red : colors.yellow;
      output.result(
        `  ${paint(`Row ${row.row} ${row.status}`)} ${colors.dim(`"${row.title}"`)}: ${row.issues.join('; ')}`,
      );
    }
    if (report.rows.length > listed.length) {
      output.result(
        colors.dim(`  … and ${report.rows.length - listed.length} more rows with issues (--json lists them all)`),
      );
    }
  }
  if (result && result.validCount > 0 && result.importableCount === 0 && report.error === null) {
    // A rerun of an import: every valid row is in the catalog already, which is no failure.
    output.result(colors.cyan(nothingNew(result.duplicateCount)));
  } else if (outcome && result) {
    output.success(terminalUploadSuccess(outcome.inserted, result.type));
    if (outcome.skippedTotal > 0) output.result(colors.yellow(skippedSummary(outcome.skippedTotal)));
  } else if (report.dryRun && result && report.error === null) {
    output.result(
      colors.cyan(
        result.importableCount > 0
          ? terminalDryRunSummary(result.importableCount, result.type)
          : `Dry run: ${IMPORT_MESSAGES.noValidData.toLowerCase()}; nothing was written.`,
      ),
    );
  }
}
