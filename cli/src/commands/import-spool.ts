import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { StagedRow, ValidatedRow } from '@sciai/core';
import type { CliStream } from '../context.ts';

/** A row with issues as the report lists it. */
export interface ReportRow {
  row: number;
  status: string;
  title: string;
  issues: string[];
}

/** Row issues are listed in full up to this many rows in the terminal; --json lists them all. */
export const LISTED_ROWS = 200;

/**
 * What an import keeps of a file while reading it, on disk rather than in memory: the rows with
 * issues (for the report) and the rows to write, already cut into staging chunks (one JSON line
 * each). A temporary directory, removed by `remove()`.
 */
export class ImportSpool {
  /** The first LISTED_ROWS rows with issues, for the terminal summary. */
  readonly listedRows: ReportRow[] = [];
  issueCount = 0;
  chunkCount = 0;

  private readonly directory: string;
  private readonly issues: WriteStream;
  private readonly chunks: WriteStream;

  private constructor(directory: string, issues: WriteStream, chunks: WriteStream) {
    this.directory = directory;
    this.issues = issues;
    this.chunks = chunks;
  }

  static async create(): Promise<ImportSpool> {
    const directory = await mkdtemp(join(tmpdir(), 'sciai-import-'));
    const open = (name: string) => createWriteStream(join(directory, name), { mode: 0o600 });
    return new ImportSpool(directory, open('issues.jsonl'), open('chunks.jsonl'));
  }

  async addIssue(row: ValidatedRow): Promise<void> {
    const line = JSON.stringify({
      row: row.rowNumber,
      status: row.status,
      title: row.title,
      issues: row.issues.map((issue) => issue.message),
    } satisfies ReportRow);
    // Parsed back: a copy of its own, not pieces of the text read.
    if (this.listedRows.length < LISTED_ROWS) this.listedRows.push(parseReportRow(line));
    this.issueCount += 1;
    await write(this.issues, `${line}\n`);
  }

  async addChunk(rows: StagedRow[]): Promise<void> {
    this.chunkCount += 1;
    await write(this.chunks, `${JSON.stringify(rows)}\n`);
  }

  /** The chunks to stage, read back one at a time. */
  async *readChunks(): AsyncGenerator<StagedRow[]> {
    await close(this.chunks);
    for await (const line of lines(join(this.directory, 'chunks.jsonl'))) {
      const rows: StagedRow[] = JSON.parse(line);
      yield rows;
    }
  }

  /** Writes the rows with issues as the elements of a JSON array, one per line. */
  async writeIssues(stdout: CliStream, indent: string): Promise<void> {
    await close(this.issues);
    let first = true;
    for await (const line of lines(join(this.directory, 'issues.jsonl'))) {
      await write(stdout, `${first ? '' : ',\n'}${indent}${line}`);
      first = false;
    }
  }

  async remove(): Promise<void> {
    await Promise.all([close(this.issues), close(this.chunks)]);
    await rm(this.directory, { recursive: true, force: true });
  }
}

function parseReportRow(line: string): ReportRow {
  const row: ReportRow = JSON.parse(line);
  return row;
}

function lines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
}

async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  if (!stream.writableEnded) stream.end();
  await once(stream, 'close');
}
