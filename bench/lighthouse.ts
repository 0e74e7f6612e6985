/**
 * Lighthouse (mobile preset) on the landing, browse and a tool page, in Debian's Chromium,
 * against the embedded backend with the catalog. Usage: npm run bench:lighthouse
 *
 * Environment:
 * - WEB_DIST: serve this build instead of web/dist (run `node bench/lighthouse.ts` directly
 *   after `vite build --outDir <dir>`, so a shared web/dist is not rebuilt under others).
 * - LIGHTHOUSE_RUNS (default 1): runs per page; the row shows each run's scores and the median,
 *   since simulated throttling turns machine load into run-to-run noise.
 * - LIGHTHOUSE_PAGES: comma-separated paths instead of the three below.
 * - LIGHTHOUSE_SIGNED_IN_PAGES: comma-separated paths audited with a signed-in member's session
 *   (default /library,/settings; empty for none): a fresh account, its session put where
 *   supabase-js keeps it, and Lighthouse told to keep the browser's storage.
 * - LIGHTHOUSE_REPORT_DIR: also write each run's full JSON report there (audit details: the
 *   LCP element, layout shift culprits, render-blocking resources, long tasks).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '@sciai/server';
import { startTestBackend } from '../tests/support/backend.ts';
import { signUpAndConfirm, uniqueEmail, visitor } from '../tests/support/auth.ts';

const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? ['/', '/browse', '/tool/alphafold'];
const SIGNED_IN_PAGES = (process.env.LIGHTHOUSE_SIGNED_IN_PAGES ?? '/library,/settings').split(',').filter(Boolean);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// the numbers behind the performance score, to see which part moved between runs
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

// the same backend the end-to-end tests use: fresh data directory, catalog, built app
const backend = await startTestBackend({ engine: 'pglite' });
const base = backend.url;
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/**
 * One Lighthouse run. A run whose trace recording failed (NO_NAVSTART and the like, which
 * Lighthouse itself says to run again) scores 0 and would read as a regression: it is repeated.
 */
async function audit(url: string, signedIn: boolean, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      disableStorageReset: signedIn,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.warn(`Lighthouse run on ${url} failed (${error.code}); running it again`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

/**
 * A member's session in the browser's storage, as supabase-js keeps it after signing in (its
 * default key for the site's own address), for the pages only a member sees.
 */
async function signIn(): Promise<void> {
  const client = visitor('198.51.120.1', base, backend.anonKey);
  const session = await signUpAndConfirm(client, uniqueEmail('lighthouse'), { url: base, dataDir: backend.dataDir });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/about`);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`sb-${new URL(base).hostname.split('.')[0]}-auth-token`, JSON.stringify(session)],
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

const rows: Array<Record<string, number | string>> = [];
try {
  const pages = [
    ...PAGES.map((path) => ({ path, signedIn: false })),
    ...SIGNED_IN_PAGES.map((path) => ({ path, signedIn: true })),
  ];
  if (SIGNED_IN_PAGES.length) await signIn();
  for (const { path, signedIn } of pages) {
    const runs: Array<{
      scores: Record<string, number>;
      metrics: Record<string, number>;
      failing: string[];
      load: number;
    }> = [];
    for (let run = 0; run < RUNS; run += 1) {
      const load = loadavg()[0] ?? 0;
      const lhr = await audit(`${base}${path}`, signedIn);
      if (REPORT_DIR) {
        const name = `${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${run + 1}.json`;
        writeFileSync(join(REPORT_DIR, name), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
      );
      const metrics = Object.fromEntries(
        METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000]),
      );
      // what kept a score from 100, so it can be fixed
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => audit.id);
      runs.push({ scores, metrics, failing, load });
      // the address audited in the end: a member's page must not have sent the browser to sign in
      console.warn(
        JSON.stringify({
          page: path,
          shown: lhr.finalDisplayedUrl,
          run: run + 1,
          load: load.toFixed(2),
          ...scores,
          ...metrics,
        }),
      );
    }
    const row: Record<string, number | string> = { page: path };
    for (const category of CATEGORIES) {
      row[category] = median(runs.map((run) => run.scores[category] ?? 0));
      if (RUNS > 1) row[`${category} runs`] = runs.map((run) => run.scores[category]).join(' / ');
    }
    for (const id of METRICS) row[id] = median(runs.map((run) => run.metrics[id] ?? 0));
    row['load average'] = runs.map((run) => run.load.toFixed(2)).join(' / ');
    row.failing = [...new Set(runs.flatMap((run) => run.failing))].join(', ');
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
