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
import type { CliStream } from '../context.ts';
import type { Output } from '../output.ts';
import type { ImportSpool } from './import-spool.ts';

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
  /** How many rows were skipped whole; processingErrors lists the first thousand. */
  malformedRows: number;
  outcome: { inserted: number; skipped: number; peopleCreated: number; organizationsCreated: number } | null;
  error: string | null;
  timings: ImportTimings;
  peakRssBytes: number;
  /**
   * Rows with issues (Invalid or Warning); Valid rows are left out to keep reports small.
   * Written last, from the spool (writeJsonReport).
   */
  rows?: Array<{ row: number; status: string; title: string; issues: string[] }>;
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
    malformedRows: result?.malformedCount ?? 0,
    outcome: outcome
      ? {
          inserted: outcome.inserted,
          skipped: outcome.skippedTotal,
          peopleCreated: outcome.people_created,
          organizationsCreated: outcome.organizations_created,
        }
      : null,
    error,
    // The CLI's own peak memory (and, in-process, the database's).
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

/**
 * The report as JSON on stdout, its rows with issues last, read from the spool: a file of a
 * million rows with issues is never one string in memory.
 */
export async function writeJsonReport(stdout: CliStream, report: ImportReport, spool: ImportSpool): Promise<void> {
  const head = JSON.stringify({ ...report, rows: [] }, null, 2);
  const opening = head.slice(0, head.lastIndexOf('[]'));
  await writeText(stdout, `${opening}[\n`);
  await spool.writeIssues(stdout, '    ');
  await writeText(stdout, '\n  ]\n}\n');
}

async function writeText(stream: CliStream, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
}

export function printSummary(
  output: Output,
  report: ImportReport,
  result: ProcessResult | undefined,
  outcome: ImportOutcome | undefined,
  spool: Pick<ImportSpool, 'listedRows' | 'issueCount'>,
): void {
  const { colors } = output;
  if (result) {
    output.result(colors.bold(terminalProcessingSummary(result.validCount, result.invalidCount)));
    for (const message of result.processingErrors) output.result(colors.red(`  ${message}`));
    if (result.malformedCount > result.processingErrors.length) {
      output.result(
        colors.red(`  … and ${result.malformedCount - result.processingErrors.length} more malformed rows`),
      );
    }
    const listed = spool.listedRows;
    for (const row of listed) {
      const paint = row.status === 'Invalid' ? colors.red : colors.yellow;
      output.result(
        `  ${paint(`Row ${row.row} ${row.status}`)} ${colors.dim(`"${row.title}"`)}: ${row.issues.join('; ')}`,
      );
    }
    if (spool.issueCount > listed.length) {
      output.result(
        colors.dim(`  … and ${spool.issueCount - listed.length} more rows with issues (--json lists them all)`),
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
