import { describe, expect, it } from 'vitest';
import { createLogStream, formatLogLine, parseLogFormat } from './log-stream.ts';

const at = new Date(2026, 11, 7, 5, 5, 7).getTime();

describe('the server’s log lines', () => {
  it('are JSON unless a terminal reads them, and LOG_FORMAT decides when set', () => {
    expect(parseLogFormat(undefined, { isTTY: true })).toBe('pretty');
    expect(parseLogFormat(undefined, {})).toBe('json');
    expect(parseLogFormat('auto', { isTTY: false })).toBe('json');
    expect(parseLogFormat(' JSON ', { isTTY: true })).toBe('json');
    expect(parseLogFormat('pretty', {})).toBe('pretty');
    expect(() => parseLogFormat('yaml', {})).toThrow(/LOG_FORMAT must be json, pretty or auto/);
  });

  it('passes JSON through unchanged, one object a line', () => {
    const written: string[] = [];
    const stream = createLogStream({ write: (text: string) => written.push(text) }, { format: 'json' });
    stream.write('{"level":30,"msg":"a"}\n');
    stream.write('{"level":30,"msg":"b"}');
    expect(written).toEqual(['{"level":30,"msg":"a"}\n', '{"level":30,"msg":"b"}\n']);
  });

  it('reads a request as method, path, status and time, without pid and hostname', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 9428,
      hostname: 'vm',
      reqId: 'req-1',
      msg: 'request',
      method: 'GET',
      url: '/browse?q=protein',
      status: 200,
      ms: 12,
    });
    expect(formatLogLine(line, { colors: false })).toBe('05:05:07 INFO  GET /browse?q=protein 200 12 ms');
  });

  it('names a child process or service before its message and lists the other fields', () => {
    const postgrest = JSON.stringify({ level: 30, time: at, msg: 'Schema cache loaded', child: 'postgrest' });
    expect(formatLogLine(postgrest, { colors: false })).toBe('05:05:07 INFO  [postgrest] Schema cache loaded');
    const serving = JSON.stringify({
      level: 30,
      time: at,
      msg: 'SciAI is serving',
      url: 'http://localhost:3000',
      jobs: ['trending', 'enrich'],
      public_url: '(each request’s origin)',
    });
    expect(formatLogLine(serving, { colors: false })).toBe(
      '05:05:07 INFO  SciAI is serving url=http://localhost:3000 jobs=trending,enrich public_url="(each request’s origin)"',
    );
    const auth = JSON.stringify({ level: 40, time: at, msg: 'mail failed', service: 'auth' });
    expect(formatLogLine(auth, { colors: false })).toBe('05:05:07 WARN  [auth] mail failed');
  });

  it('shortens a long list to its first, its last and how many', () => {
    const migrations = Array.from({ length: 41 }, (_, index) => `2026112${String(index).padStart(2, '0')}_step`);
    const line = JSON.stringify({ level: 30, time: at, msg: 'migrations applied', migrations });
    expect(formatLogLine(line, { colors: false })).toBe(
      '05:05:07 INFO  migrations applied migrations=202611200_step,…,202611240_step (41 in all)',
    );
    const jobs = JSON.stringify({ level: 30, time: at, msg: 'jobs', jobs: ['a', 'b', 'c'] });
    expect(formatLogLine(jobs, { colors: false })).toBe('05:05:07 INFO  jobs jobs=a,b,c');
  });

  it('puts an error’s stack under its line, and colours the level only when asked', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      msg: 'request errored',
      err: { stack: 'Error: boom\n    at x' },
    });
    expect(formatLogLine(line, { colors: false })).toBe('05:05:07 ERROR request errored\nError: boom\n    at x');
    expect(formatLogLine(line, { colors: true })).toContain('\u001b[31mERROR\u001b[39m');
  });

  it('passes text that is not a JSON object through as it came', () => {
    expect(formatLogLine('plain words\n', { colors: false })).toBe('plain words');
    expect(formatLogLine('[1,2]', { colors: false })).toBe('[1,2]');
  });
});
