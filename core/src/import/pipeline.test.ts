import { describe, expect, it } from 'vitest';
import { processCsv, previewRows, type ImportProgress } from './process-csv.ts';
import { forEachConcurrently } from './chunked-writes.ts';
import {
  planImport,
  writeImport,
  ImportWriteError,
  type CallImportRpc,
  type ImportRpcName,
  type RpcAnswer,
} from './write-import.ts';
import { processingSummary, skippedSummary, uploadSuccess, insertFailed } from './messages.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';
import { writeProcessedCsv } from './run-import.ts';

const CSV = [
  'title,abstract,doi,domains,authors',
  'First,About one,10.1000/one,Biology,"Ada, Alan"',
  ',No title,10.1000/two,Biology,',
  'Third,,10.1000/three,Alchemy,',
  'Fourth,About four,10.1000/ONE,biology,',
  'Fifth,About five,10.1000/old,,',
  'Sixth,About six,,chemistry,Grace',
].join('\n');

async function process(onProgress?: (progress: ImportProgress) => void) {
  return processCsv(
    CSV,
    'paper',
    { domains: TEST_DOMAINS, findExisting: async (_type, keys) => keys.filter((key) => key === '10.1000/old') },
    { onProgress },
  );
}

/** A stand-in for supabase.rpc that records calls and can fail one of them. */
function fakeRpc(
  failOn?: ImportRpcName,
  discardFinds = true,
): { call: CallImportRpc; calls: Array<{ fn: ImportRpcName; args: Record<string, unknown> }> } {
  const calls: Array<{ fn: ImportRpcName; args: Record<string, unknown> }> = [];
  const answers: Record<ImportRpcName, unknown> = {
    find_existing_import_keys: [],
    begin_import: '7f1c0a4e-8d4b-4c8e-9a57-1b2c3d4e5f60',
    stage_import_rows: 1,
    commit_import: { inserted: 2, skipped: 0, people_created: 3, organizations_created: 0 },
    discard_import: true,
    refresh_catalog_statistics: ['content_items', 'content_search'],
  };
  const call: CallImportRpc = async (fn, args): Promise<RpcAnswer> => {
    calls.push({ fn, args });
    if (fn === failOn) return { data: null, error: { message: 'boom' } };
    if (fn === 'discard_import') return { data: discardFinds, error: null };
    return { data: answers[fn], error: null };
  };
  return { call, calls };
}

describe('processCsv', () => {
  it('validates every row, marks duplicates and counts Valid + Warning as valid', async () => {
    const result = await process();
    expect(result.rows.map((row) => [row.rowNumber, row.status])).toEqual([
      [2, 'Valid'],
      [3, 'Invalid'],
      [4, 'Invalid'],
      [5, 'Warning'],
      [6, 'Warning'],
      [7, 'Valid'],
    ]);
    expect(result.rows[2]!.issues.map((issue) => issue.message)).toEqual([
      'Missing abstract',
      'Unknown domains: Alchemy',
    ]);
    expect(result.rows[3]!.issues.map((issue) => issue.message)).toEqual(['Duplicate of row 2']);
    expect(result.rows[4]!.issues.map((issue) => issue.message)).toEqual(['Already exists: will be skipped']);
    expect([result.validCount, result.invalidCount, result.duplicateCount, result.importableCount]).toEqual([
      4, 2, 2, 2,
    ]);
    expect(processingSummary(result.validCount, result.invalidCount)).toBe(
      'Processing complete: 4 valid rows, 2 invalid rows',
    );
    expect(previewRows(result)).toHaveLength(6);
  });
  it('reports real progress: rows read, rows validated, duplicate check', async () => {
    const phases: string[] = [];
    await process((progress) => phases.push(progress.phase));
    expect(phases).toEqual(['reading', 'checking-duplicates', 'validating']);
  });
});

describe('writeImport', () => {
  it('stages importable rows in chunks, then commits once', async () => {
    const result = await process();
    const plan = planImport(result, 'papers.csv');
    expect(plan.rows.map((row) => [row.row_number, row.title])).toEqual([
      [2, 'First'],
      [7, 'Sixth'],
    ]);
    expect(plan.rows[0]!.authors).toEqual(['Ada', 'Alan']);
    const { call, calls } = fakeRpc();
    const progress: ImportProgress[] = [];
    const outcome = await writeImport(call, plan, { chunkRows: 1, onProgress: (p) => progress.push(p) });
    expect(calls.map((c) => c.fn)).toEqual([
      'begin_import',
      'stage_import_rows',
      'stage_import_rows',
      'commit_import',
      'refresh_catalog_statistics',
    ]);
    expect(calls[0]!.args).toMatchObject({
      content_type: 'paper',
      file_name: 'papers.csv',
      summary: { total_rows: 6, invalid: 2, duplicates: 2 },
    });
    expect(progress.map((p) => p.phase)).toEqual(['staging', 'staging', 'staging', 'committing', 'done']);
    expect(outcome).toMatchObject({ inserted: 2, skippedTotal: 2, invalid: 2 });
    expect(uploadSuccess(outcome.inserted, 'paper')).toBe('Successfully uploaded 2 papers to the database.');
    expect(skippedSummary(outcome.skippedTotal)).toBe(
      '2 rows were skipped as already in the database or repeated in the file.',
    );
  });
  it("refuses to write without importable rows: 'No valid data to upload'", async () => {
    const invalid = await processCsv('title,abstract\n,x\n', 'paper', { domains: TEST_DOMAINS });
    const { call, calls } = fakeRpc();
    await expect(writeImport(call, planImport(invalid, 'a.csv'))).rejects.toThrow('No valid data to upload');
    expect(calls).toEqual([]);
  });
  it("reports a failed commit as 'Failed to insert data: {message}' and discards the batch", async () => {
    const { call, calls } = fakeRpc('commit_import');
    const error = await writeImport(call, planImport(await process(), 'a.csv')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportWriteError);
    expect(error).toHaveProperty('message', 'Failed to insert data: boom');
    expect(calls.at(-1)!.fn).toBe('discard_import');
    expect(insertFailed(undefined)).toBe('Failed to insert data: Unknown error');
  });
  it('says so when a commit whose answer was lost went through after all', async () => {
    const { call } = fakeRpc('commit_import', false);
    await expect(writeImport(call, planImport(await process(), 'a.csv'))).rejects.toThrow(
      'Failed to insert data: boom. The database finished the import after the answer was lost; run it again to check (rows already imported are skipped).',
    );
  });
});

describe('writeProcessedCsv', () => {
  it('writes the importable rows of a processed file', async () => {
    const { call, calls } = fakeRpc();
    const outcome = await writeProcessedCsv(call, await process(), 'papers.csv');
    expect(calls.map((c) => c.fn)).toEqual([
      'begin_import',
      'stage_import_rows',
      'commit_import',
      'refresh_catalog_statistics',
    ]);
    expect(outcome).toMatchObject({ inserted: 2, skippedTotal: 2, invalid: 2 });
  });
  it('keeps a committed import when the statistics refresh after it fails', async () => {
    const { call, calls } = fakeRpc('refresh_catalog_statistics');
    const outcome = await writeProcessedCsv(call, await process(), 'papers.csv');
    expect(outcome).toMatchObject({ inserted: 2, skippedTotal: 2, invalid: 2 });
    expect(calls.map((c) => c.fn)).not.toContain('discard_import');
  });
  it('calls nothing and succeeds when every valid row is already in the catalog', async () => {
    const known = await processCsv(
      'title,abstract,doi,domains\nOld,About it,10.1000/old,Biology\n,No title,,\n',
      'paper',
      { domains: TEST_DOMAINS, findExisting: async (_type, keys) => keys },
    );
    const { call, calls } = fakeRpc();
    const progress: ImportProgress[] = [];
    const outcome = await writeProcessedCsv(call, known, 'a.csv', { onProgress: (p) => progress.push(p) });
    expect(calls).toEqual([]);
    expect(progress).toEqual([{ phase: 'done' }]);
    expect(outcome).toEqual({
      inserted: 0,
      skipped: 0,
      people_created: 0,
      organizations_created: 0,
      type: 'paper',
      skippedTotal: 1,
      invalid: 1,
    });
  });
  it("fails with 'No valid data to upload' when no row is valid, calling nothing", async () => {
    const invalid = await processCsv('title,abstract\n,x\n', 'paper', { domains: TEST_DOMAINS });
    const { call, calls } = fakeRpc();
    await expect(writeProcessedCsv(call, invalid, 'a.csv')).rejects.toThrow(ImportWriteError);
    await expect(writeProcessedCsv(call, invalid, 'a.csv')).rejects.toThrow('No valid data to upload');
    expect(calls).toEqual([]);
  });
});

describe('forEachConcurrently', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      done.push(item);
      running -= 1;
    });
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
  it('starts nothing after a failure and throws it once the running work has settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const error = await forEachConcurrently([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await tick();
      settled += 1;
      if (item === 2) throw new Error('chunk 2 failed');
    }).catch((caught: unknown) => caught);
    expect(error).toHaveProperty('message', 'chunk 2 failed');
    expect(started).toEqual([1, 2, 3]);
    expect(settled).toBe(started.length);
  });
});

describe('writeImport staging several chunks at once', () => {
  it('stages every chunk, reports each, and discards the batch when one fails', async () => {
    const { call, calls } = fakeRpc();
    const plan = planImport(await process(), 'a.csv');
    const progress: ImportProgress[] = [];
    await writeImport(call, plan, { chunkRows: 1, concurrentChunks: 2, onProgress: (p) => progress.push(p) });
    expect(calls.filter((c) => c.fn === 'stage_import_rows')).toHaveLength(2);
    expect(progress.filter((p) => p.phase === 'staging').map((p) => p.phase === 'staging' && p.chunksStaged)).toEqual([
      0, 1, 2,
    ]);

    const failing = fakeRpc('stage_import_rows');
    await expect(writeImport(failing.call, plan, { chunkRows: 1, concurrentChunks: 2 })).rejects.toThrow(
      'Failed to insert data: boom',
    );
    expect(failing.calls.map((c) => c.fn)).toEqual([
      'begin_import',
      'stage_import_rows',
      'stage_import_rows',
      'discard_import',
    ]);
  });
});
