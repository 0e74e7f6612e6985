import { describe, expect, it } from 'vitest';
import { splitChildOutput } from './child-output.ts';

const POSTGREST_START = /\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}: /;
const POSTGREST_STAMP = /^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}: /;

function collect(options?: Parameters<typeof splitChildOutput>[1]) {
  const lines: string[] = [];
  return { lines, output: splitChildOutput((line) => lines.push(line), options) };
}

describe('a child process’s output, line by line', () => {
  it('keeps a line that arrives in pieces until its newline', () => {
    const { lines, output } = collect();
    output.push('Starting Post');
    expect(lines).toEqual([]);
    output.push('gREST 12.0.2...\nConnection ');
    expect(lines).toEqual(['Starting PostgREST 12.0.2...']);
    output.push('successful\r\n');
    expect(lines).toEqual(['Starting PostgREST 12.0.2...', 'Connection successful']);
  });

  it('splits two lines glued without a newline where the program’s timestamp starts a line', () => {
    const { lines, output } = collect({ lineStart: POSTGREST_START, strip: POSTGREST_STAMP });
    output.push(
      '07/Dec/2026:05:05:07 +0000: Admin server listening on port 35721' +
        '07/Dec/2026:05:05:07 +0000: Attempting to connect to the database...\n\n',
    );
    expect(lines).toEqual(['Admin server listening on port 35721', 'Attempting to connect to the database...']);
  });

  it('drops empty lines and keeps a multi-byte character split across chunks whole', () => {
    const { lines, output } = collect();
    const bytes = Buffer.from('naïve café\n\n   \n');
    output.push(bytes.subarray(0, 3));
    output.push(bytes.subarray(3));
    expect(lines).toEqual(['naïve café']);
  });

  it('passes on the last line when the stream ends without a newline', () => {
    const { lines, output } = collect();
    output.push('exiting');
    expect(lines).toEqual([]);
    output.end();
    expect(lines).toEqual(['exiting']);
  });

  it('cuts a line that never ends into pieces instead of holding it all', () => {
    const { lines, output } = collect({ maxLineLength: 10 });
    output.push('x'.repeat(25));
    expect(lines).toEqual(['x'.repeat(10), 'x'.repeat(10)]);
    output.end();
    expect(lines.at(-1)).toBe('x'.repeat(5));
  });
});
