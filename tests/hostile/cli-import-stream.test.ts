import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnSciai } from '../support/sciai.ts';

/**
 * `sciai import` reads its file as a stream: whatever the file's size, the CLI holds the rows of
 * one batch, the duplicate keys and the counts, not the file or its rows. Large and broken files
 * end with a report or a clear error, never with the memory of the machine.
 */
const scratch = mkdtempSync(join(tmpdir(), 'sciai-cli-stream-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function hosted(): Record<string, string> {
  const backend = inject('backend');
  return { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
}

/** Writes a file line by line; returns its path. */
function writeLines(name: string, lines: Iterable<string>): string {
  const path = join(scratch, name);
  const file = openSync(path, 'w');
  let buffer = '';
  for (const line of lines) {
    buffer += `${line}\n`;
    if (buffer.length > 1_000_000) {
      writeSync(file, buffer);
      buffer = '';
    }
  }
  writeSync(file, buffer);
  closeSync(file);
  return path;
}

const ROWS = 200_000;
/** Every this many rows one has no title: an Invalid row the report must list. */
const INVALID_EVERY = 10_000;

function* paperRows(tag: string): Generator<string> {
  yield 'title,abstract,doi,journal_name';
  for (let index = 1; index <= ROWS; index += 1) {
    const title = index % INVALID_EVERY === 0 ? '' : `Streamed paper ${tag} ${index}`;
    yield `${title},Abstract of paper ${index} on protein folding and cell imaging.,10.5555/stream.${tag}.${index},Journal ${index % 50}`;
  }
}

interface Report {
  ok: boolean;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  rows: Array<{ row: number; status: string }>;
  peakRssBytes: number;
}

describe('sciai import on large and broken files', () => {
  it('validates a 200,000-row file (35 MB) as a stream: every row counted, memory that does not hold the file', async () => {
    const tag = `t${Date.now()}`;
    const path = writeLines('papers.csv', paperRows(tag));
    const run = await spawnSciai(['import', '--type', 'paper', path, '--dry-run', '--json'], hosted(), {
      launcher: true,
    });
    expect(run.code, run.stderr).toBe(0);
    const report: Report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ ok: true, totalRows: ROWS, invalidRows: ROWS / INVALID_EVERY });
    expect(report.validRows).toBe(ROWS - ROWS / INVALID_EVERY);
    expect(report.rows.map((row) => row.row)).toEqual(
      Array.from({ length: ROWS / INVALID_EVERY }, (_, k) => (k + 1) * INVALID_EVERY + 1),
    );
    // Holding the file, its text and its 200,000 validated rows took 520 MB; a stream holds one
    // batch (10,000 rows), the keys and the counts.
    expect(report.peakRssBytes).toBeLessThan(260 * 1_048_576);
  }, 300_000);

  it('refuses a quoted field that never closes without reading the rest of the file into one row', async () => {
    const path = writeLines('unclosed.csv', [
      'title,abstract',
      'Fine,row',
      '"never closed,starts here',
      ...Array.from({ length: 900_000 }, (_, k) => `Row ${k},text`),
    ]);
    const run = await spawnSciai(['import', '--type', 'paper', path, '--dry-run', '--json'], hosted());
    expect(run.code).toBe(1);
    const report: Report & { error: string } = JSON.parse(run.stdout);
    expect(report.error).toMatch(/^Row 3: a quoted field is still open after 8 MB; the file cannot be read/);
  }, 120_000);

  it('refuses bytes that are not UTF-8 text deep in the file as a file that is not CSV (exit 2)', async () => {
    const path = join(scratch, 'binary-tail.csv');
    const text = Buffer.from(
      ['title,abstract', ...Array.from({ length: 5_000 }, (_, k) => `Row ${k},text`)].join('\n'),
    );
    const file = openSync(path, 'w');
    writeSync(file, text);
    writeSync(file, Buffer.from([0x0a, 0xff, 0xfe, 0x00, 0x2c, 0x61, 0x0a]));
    closeSync(file);
    const run = await spawnSciai(['import', '--type', 'paper', path, '--dry-run'], hosted());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Not a CSV file/);
  }, 120_000);
});
