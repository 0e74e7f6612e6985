import { reportSuspiciousInput } from '../data/security-reports.ts';
import { detectSuspiciousInput, SAMPLE_LENGTH } from './detect-suspicious-input.ts';
import { ReportThrottle } from './report-throttle.ts';

/** One throttle for the page's lifetime, as the watcher is installed once. */
const throttle = new ReportThrottle();

/**
 * The input watcher's second half (input-watcher.ts), loaded with the first field it sees: a
 * value carrying markup that would run script is reported, a few times a minute at most.
 */
export function reportIfSuspicious(input: { value: string; field: string | undefined; page: string }): void {
  const patterns = detectSuspiciousInput(input.value);
  if (patterns.length === 0 || !throttle.take(input.value)) return;
  void reportSuspiciousInput({
    patterns,
    sample: input.value.slice(0, SAMPLE_LENGTH),
    field: input.field,
    page: input.page,
  });
}
