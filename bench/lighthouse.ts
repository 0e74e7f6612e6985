/**
 * Lighthouse (mobile preset) on the landing, browse and a tool page, in Debian's Chromium,
 * against the embedded backend with the sample catalog. Usage: npm run bench:lighthouse
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '@sciai/server';
import { startTestBackend } from '../tests/support/backend.ts';

const PAGES = ['/', '/browse', '/tool/alphafold'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// the same backend the end-to-end tests use: fresh data directory, sample catalog, built app
const backend = await startTestBackend({ engine: 'pglite' });
const base = backend.url;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const rows: Array<Record<string, number | string>> = [];
try {
  for (const path of PAGES) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const row: Record<string, number | string> = { page: path };
    for (const category of CATEGORIES) row[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
    // what kept a score from 100, so it can be fixed
    row.failing = Object.values(result.lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => audit.id)
      .join(', ');
    rows.push(row);
    console.warn(JSON.stringify(row));
  }
} finally {
  chrome.kill();
  await backend.stop();
}
mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(REPO_ROOT, 'bench/results', `lighthouse-${new Date().toISOString().slice(0, 10)}.json`),
  `${JSON.stringify(rows, null, 2)}\n`,
);
