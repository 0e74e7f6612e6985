import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * The closing lines of `npm test`: which process failed and, from vitest's JSON report, which
 * files and tests, each with the first lines of its error. The processes' own output interleaves
 * and runs to thousands of lines, of which a CI log may keep only the last few hundred: the
 * failures are repeated where they are sure to be read.
 */
export interface ProcessOutcome {
  label: string;
  code: number;
  /** vitest's JSON report (--reporter=json), if the process is a vitest run. */
  report?: string;
  /** The process's captured output, when it has no report (the type-check and lint). */
  output?: string;
  /** Its wall time, and the CPU time of it and every process it waited for, in seconds. */
  usage?: { seconds: number; cpuSeconds: number };
}

/** The whole run: wall time, the CPU time the machine was busy for, and the load average. */
export interface RunUsage {
  seconds: number;
  machineCpuSeconds?: number;
  load: number[];
}

const usageText = (usage: { seconds: number; cpuSeconds: number } | undefined) =>
  usage ? ` (${Math.round(usage.seconds)} s, ${Math.round(usage.cpuSeconds)} CPU-s)` : '';

interface JsonReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

const ERROR_LINES = 6;
const OUTPUT_LINES = 40;

function firstLines(text: string, count: number): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, count);
}

function failuresOf(reportPath: string, root: string): string[] {
  if (!existsSync(reportPath)) return ['    (no report: the process ended before writing it)'];
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
  } catch (error) {
    return [`    (its report is unreadable: ${(error as Error).message})`];
  }
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status !== 'failed' && failed.length === 0) continue;
    lines.push(`  ✗ ${relative(root, file.name)}`);
    if (failed.length === 0 && file.message)
      lines.push(...firstLines(file.message, ERROR_LINES).map((l) => `      ${l}`));
    for (const test of failed) {
      lines.push(`    ✗ ${test.fullName}`);
      const message = (test.failureMessages ?? []).join('\n');
      lines.push(...firstLines(message, ERROR_LINES).map((line) => `        ${line}`));
    }
  }
  return lines;
}

/**
 * The summary's lines: one per process with its wall and CPU time, under a failed one what failed
 * in it, and the whole run's time (what the suite costs on this machine, measured on every run).
 */
export function summarise(outcomes: ProcessOutcome[], root: string, run?: RunUsage): string[] {
  const lines = ['', `npm test: ${outcomes.every((outcome) => outcome.code === 0) ? 'passed' : 'FAILED'}`];
  for (const outcome of outcomes) {
    const exit = outcome.code === 0 ? '' : ` (exit ${outcome.code})`;
    lines.push(`  ${outcome.code === 0 ? '✓' : '✗'} ${outcome.label}${exit}${usageText(outcome.usage)}`);
    if (outcome.code === 0) continue;
    if (outcome.report) lines.push(...failuresOf(outcome.report, root));
    else if (outcome.output)
      lines.push(
        ...outcome.output
          .trimEnd()
          .split('\n')
          .slice(-OUTPUT_LINES)
          .map((l) => `    ${l}`),
      );
  }
  if (run) {
    const busy =
      run.machineCpuSeconds === undefined ? '' : `, the machine busy for ${Math.round(run.machineCpuSeconds)} CPU-s`;
    const load = run.load.map((value) => value.toFixed(1)).join(' ');
    lines.push(`  ${Math.round(run.seconds)} s after the build${busy}; load average at the end ${load}`);
  }
  return lines;
}
