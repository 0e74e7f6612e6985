/** What the web app's input watcher (web/src/security) reports. */
export interface SuspiciousInputReport {
  type: 'suspicious_input';
  patterns: SuspiciousPattern[];
  /** The input's first 100 characters. */
  sample: string;
  /** The field's label or name, when it has one. */
  field: string | undefined;
  /** The page's path (no query). */
  page: string;
}

export type SuspiciousPattern = 'script_tag' | 'javascript_url' | 'inline_handler';
const PATTERNS: readonly string[] = ['script_tag', 'javascript_url', 'inline_handler'];
const KEYS = new Set(['type', 'patterns', 'sample', 'field', 'page']);

function isPattern(value: unknown): value is SuspiciousPattern {
  return typeof value === 'string' && PATTERNS.includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The report, or what is wrong with it. Unknown keys are refused: nothing else gets stored. */
export function parseSuspiciousInputReport(body: unknown): SuspiciousInputReport | string {
  if (!isRecord(body)) return 'expected a JSON object';
  const extra = Object.keys(body).filter((key) => !KEYS.has(key));
  if (extra.length > 0) return `unexpected fields: ${extra.join(', ')}`;
  if (body.type !== 'suspicious_input') return 'type must be "suspicious_input"';
  const patterns = body.patterns;
  if (!Array.isArray(patterns) || patterns.length === 0 || patterns.length > 3 || !patterns.every(isPattern)) {
    return `patterns must list one to three of ${PATTERNS.join(', ')}`;
  }
  if (typeof body.sample !== 'string' || body.sample.length > 100)
    return 'sample must be a string of at most 100 characters';
  if (body.field !== undefined && (typeof body.field !== 'string' || body.field.length > 100)) {
    return 'field must be a string of at most 100 characters';
  }
  if (typeof body.page !== 'string' || !body.page.startsWith('/') || body.page.length > 300) {
    return 'page must be a path of at most 300 characters';
  }
  return {
    type: 'suspicious_input',
    patterns: [...new Set(patterns)],
    sample: body.sample,
    field: body.field,
    page: body.page.split(/[?#]/)[0] ?? '/',
  };
}
