/**
 * Where the server's log lines go. Each line starts as pino's JSON (the gateway's fastify logger
 * and the server's own lines alike); a terminal gets it as a short readable line, anything else
 * (a file, a pipe, a process manager's journal) the JSON unchanged, one object a line.
 */
export interface LogStream {
  write(line: string): void;
}

export type LogFormat = 'json' | 'pretty';

interface Destination {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * LOG_FORMAT: `json`, `pretty`, or unset/`auto` for pretty on a terminal and JSON otherwise.
 * Anything else is refused at start, so a typo does not silently change what a collector reads.
 */
export function parseLogFormat(value: string | undefined, destination: { isTTY?: boolean }): LogFormat {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'auto') return destination.isTTY ? 'pretty' : 'json';
  if (text === 'json' || text === 'pretty') return text;
  throw new Error(`LOG_FORMAT must be json, pretty or auto, got "${value}"`);
}

export interface LogStreamOptions {
  format: LogFormat;
  /** ANSI colours in pretty lines; default: on unless NO_COLOR is set. */
  colors?: boolean;
}

export function createLogStream(destination: Destination, options: LogStreamOptions): LogStream {
  if (options.format === 'json') {
    return { write: (line) => void destination.write(line.endsWith('\n') ? line : `${line}\n`) };
  }
  const colors = options.colors ?? !process.env.NO_COLOR;
  return { write: (line) => void destination.write(`${formatLogLine(line, { colors })}\n`) };
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '90' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

/** Fields every pino line carries that a person at a terminal does not need. */
const PLUMBING = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'child', 'service', 'v']);

/**
 * One JSON log line as `HH:MM:SS LEVEL [child] message key=value …`, in local time. A request
 * line reads `GET /path 200 12 ms`; an error's stack follows on its own lines. Text that is not
 * a JSON object is passed through as it came.
 */
export function formatLogLine(line: string, options: { colors: boolean }): string {
  const text = line.replace(/\n$/, '');
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
    record = parsed as Record<string, unknown>;
  } catch {
    return text;
  }
  const paint = (code: string, value: string) => (options.colors ? `\u001b[${code}m${value}\u001b[39m` : value);
  const dim = (value: string) => (options.colors ? `\u001b[2m${value}\u001b[22m` : value);
  const level = LEVELS[Number(record.level)] ?? { name: String(record.level ?? 'LOG').toUpperCase(), color: '39' };
  const time = typeof record.time === 'number' ? clockTime(new Date(record.time)) : '--:--:--';
  // A child process's lines and a service's (auth, review-mail) are named before the message.
  const source = typeof record.child === 'string' ? record.child : record.service;
  const child = typeof source === 'string' ? `[${source}] ` : '';
  const shown = new Set(PLUMBING);
  let message = typeof record.msg === 'string' ? record.msg : '';
  if (message === 'request' && typeof record.method === 'string' && typeof record.url === 'string') {
    message = `${record.method} ${record.url} ${String(record.status ?? '')} ${String(record.ms ?? '?')} ms`;
    for (const key of ['method', 'url', 'status', 'ms']) shown.add(key);
  }
  const details: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(record)) {
    if (shown.has(key) || value === undefined) continue;
    if (key === 'err' && typeof value === 'object' && value !== null && 'stack' in value) {
      stack = `\n${String((value as { stack: unknown }).stack)}`;
      continue;
    }
    details.push(`${key}=${detailValue(value)}`);
  }
  const head = `${dim(time)} ${paint(level.color, level.name.padEnd(5))} ${child}${message}`;
  return `${head}${details.length ? ` ${dim(details.join(' '))}` : ''}${stack}`;
}

/** Lists longer than this are shortened in readable lines (the JSON keeps them whole). */
const LISTED_AT_MOST = 8;

function clockTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

function detailValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string' || typeof entry === 'number')) {
    // a new database's dozens of migrations: the first, the last and how many, on one short line
    if (value.length > LISTED_AT_MOST)
      return `${String(value[0])},…,${String(value[value.length - 1])} (${value.length} in all)`;
    return value.join(',');
  }
  return JSON.stringify(value);
}
