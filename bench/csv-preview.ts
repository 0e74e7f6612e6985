/**
 * The browser side of the CSV import at 100,000 rows: the time from choosing a paper CSV on
 * /admin/csv-import (file chosen, 'Process & Preview' pressed) to the preview showing its first
 * 100 rows, in Debian's Chromium against the embedded backend (PGlite); then the import of
 * the file from the page. Usage: npm run bench:csv-preview
 * (rebuilds web/dist when its sources changed; WEB_DIST=… measures another build).
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { formatCsvLine, IMPORT_COLUMNS } from '@sciai/core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '@sciai/server';
import { startTestBackend } from '../tests/support/backend.ts';
import { signedInAs } from '../tests/support/auth.ts';
import { BENCH_DOMAINS } from './import-data.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const RUNS = 3;

/**
 * bench:import's file runs to 80 MB, beyond the browser's 20 MB limit; this one keeps every
 * column but shorter texts (authors, 3 domains and keywords per row), about 190 bytes a row.
 */
function writePreviewCsv(path: string, rows: number): void {
  const columns = IMPORT_COLUMNS.paper.map((column) => column.name);
  const lines = [formatCsvLine(columns)];
  for (let index = 1; index <= rows; index += 1) {
    const domains = [0, 1, 2].map((k) => BENCH_DOMAINS[(index + k * 4) % BENCH_DOMAINS.length]!.name);
    const values: Record<string, string> = {
      title: `Preview paper ${index}`,
      abstract: `We study protein folding case ${index % 977}.`,
      doi: `10.5555/pv.${index}`,
      publication_date: `20${10 + (index % 15)}-0${1 + (index % 9)}-1${index % 9}`,
      peer_reviewed: index % 3 === 0 ? 'true' : 'false',
      citation_count: String(index % 5_000),
      keywords: 'protein, cell',
      domains: domains.join(', '),
      authors: `Author ${index}, Shared ${index % 5_000}`,
    };
    lines.push(formatCsvLine(columns.map((column) => values[column] ?? '')));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const csvPath = join(tmpdir(), `sciai-csv-preview-${ROWS}.csv`);
writePreviewCsv(csvPath, ROWS);
const megabytes = statSync(csvPath).size / 1_048_576;

const backend = await startTestBackend({ engine: 'pglite' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const timings: number[] = [];
/** Until the whole file is processed: counts, duplicates against the catalog, 'Processing Complete'. */
const wholeFile: number[] = [];
let importMs: number | undefined;
try {
  // an aal2 admin session, handed to the page the way supabase-js keeps it (localStorage)
  const admin = await signedInAs('admin', 'bench-csv-preview', backend);
  const storageKey = `sb-${new URL(backend.url).hostname.split('.')[0]}-auth-token`;
  const context = await browser.newContext({ baseURL: backend.url, viewport: { width: 1280, height: 800 } });
  await context.addInitScript({
    content: `localStorage.setItem(${JSON.stringify(storageKey)}, ${JSON.stringify(JSON.stringify(admin.session))})`,
  });
  const page = await context.newPage();
  await page.goto('/admin/csv-import');
  await page.getByRole('heading', { level: 1, name: 'CSV Data Import' }).waitFor();

  for (let run = 0; run < RUNS; run += 1) {
    await page.getByRole('tab', { name: 'Upload' }).click();
    // choosing a file clears the earlier result
    await page.locator('input[type=file]').setInputFiles([]);
    const started = Date.now();
    await page.locator('input[type=file]').setInputFiles(csvPath);
    await page.getByRole('button', { name: 'Process & Preview' }).click();
    // the 100th data row is row 101 of the file (the header is row 1)
    await page
      .getByRole('table', { name: 'Preview' })
      .getByRole('cell', { name: '101', exact: true })
      .waitFor({ timeout: 120_000 });
    timings.push(Date.now() - started);
    await page.getByText(`Showing first 100 rows of ${ROWS}`, { exact: true }).waitFor({ timeout: 300_000 });
    wholeFile.push(Date.now() - started);
    console.warn(`run ${run + 1}: first 100 rows ${timings.at(-1)} ms, whole file ${wholeFile.at(-1)} ms`);
  }
  // then the import itself from the browser: every row to the page, staged in chunks, one commit
  await page.getByRole('tab', { name: 'Import' }).click();
  const importStarted = Date.now();
  await page.getByRole('button', { name: 'Import to Database' }).click();
  await page.getByRole('alert').filter({ hasText: 'Upload Successful' }).waitFor({ timeout: 600_000 });
  importMs = Date.now() - importStarted;
  console.warn(`import from the browser: ${importMs} ms`);
} finally {
  await browser.close();
  await backend.stop();
}

const report = {
  rows: ROWS,
  megabytes: Number(megabytes.toFixed(1)),
  firstRowsMs: timings,
  medianFirstRowsMs: timings.toSorted((a, b) => a - b)[Math.floor(timings.length / 2)],
  targetMs: 2_000,
  wholeFileMs: wholeFile,
  importMs,
};
console.warn(JSON.stringify(report));
mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(REPO_ROOT, 'bench/results', `csv-preview-${new Date().toISOString().slice(0, 10)}.json`),
  `${JSON.stringify(report, null, 2)}\n`,
);
