/**
 * How soon a visitor with a cold browser sees the first results: the landing, browse, a search
 * and a detail page, each in a fresh browser context (no cache, no cookies), in Debian's
 * Chromium, against the embedded backend with the catalog. Usage: npm run bench:first-results
 *
 * Per page and run:
 * - first result: when the first element marked `data-result-card` (a browse card or row, a
 *   landing field card, a detail page's title, whether the gateway's HTML or the app drew it)
 *   is on screen, from the navigation's start;
 * - LCP: the last largest-contentful-paint entry before the first input;
 * - JS before interactive: the gzipped bytes of every script the page received until the app
 *   itself drew a result (`data-result-card` inside the app's own markup), i.e. what a visitor
 *   downloads before the page answers clicks.
 *
 * Twice: unthrottled, and with Lighthouse's mobile throttling (CPU × 4; 150 ms round trip,
 * 1.6 Mbps down, 750 kbps up through CDP's network emulation). Median and p90 per page, with
 * the load average.
 *
 * Environment: FIRST_RESULTS_RUNS (default 5) runs per page and mode; FIRST_RESULTS_PAGES
 * (comma-separated paths); WEB_DIST to serve another build than web/dist (vite build --outDir).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '@sciai/server';
import { startTestBackend } from '../tests/support/backend.ts';

const PAGES = process.env.FIRST_RESULTS_PAGES?.split(',').filter(Boolean) ?? [
  '/',
  '/browse',
  '/browse?search=protein',
  '/tool/alphafold',
];
const RUNS = Math.max(1, Number(process.env.FIRST_RESULTS_RUNS ?? 5));
const PAGE_TIMEOUT_MS = 60_000;

/** Lighthouse's mobile preset (its constants.throttling.mobileSlow4G), applied through CDP. */
const MOBILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

type Mode = 'unthrottled' | 'mobile';

interface Run {
  firstResultMs: number;
  lcpMs: number;
  jsKb: number;
  scripts: number;
  load: number;
}

/**
 * Runs in the page before its own scripts: notes when a result card is first visible, when the
 * app's own card is, and the largest contentful paint.
 */
const OBSERVER_SCRIPT = `(() => {
  const marks = { firstResult: 0, appResult: 0, lcp: 0 };
  window.__firstResults = marks;
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < innerHeight;
  };
  const check = () => {
    const cards = document.querySelectorAll('[data-result-card]');
    for (const card of cards) {
      if (!visible(card)) continue;
      const now = performance.now();
      if (!marks.firstResult) marks.firstResult = now;
      if (!marks.appResult && !card.closest('[data-gateway-html]')) marks.appResult = now;
    }
    if (!marks.appResult) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function measure(page: Page, url: string, mode: Mode): Promise<Omit<Run, 'load'>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (mode === 'mobile') {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE.uploadBytesPerSecond,
    });
  }
  // Which scripts finished when; their gzipped size is measured once per address (gzipSize).
  const scriptRequests = new Map<string, string>();
  const finished: Array<{ url: string; at: number }> = [];
  let timeOrigin = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scriptRequests.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scriptRequests.get(event.requestId);
    if (url) finished.push({ url, at: event.timestamp });
  });
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && !timeOrigin) timeOrigin = event.timestamp;
  });

  await page.goto(url, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
  await page.waitForFunction(
    () => (globalThis as unknown as { __firstResults: { appResult: number } }).__firstResults.appResult > 0,
    undefined,
    { timeout: PAGE_TIMEOUT_MS, polling: 50 },
  );
  const marks = await page.evaluate(
    () =>
      (globalThis as unknown as { __firstResults: { firstResult: number; appResult: number; lcp: number } })
        .__firstResults,
  );
  // CDP timestamps are seconds on a monotonic clock; the document request starts page time
  // within a millisecond or two.
  const interactiveAt = timeOrigin + marks.appResult / 1000;
  const before = finished.filter((entry) => entry.at <= interactiveAt);
  await cdp.detach();
  return {
    firstResultMs: Math.round(marks.firstResult),
    lcpMs: Math.round(marks.lcp),
    jsKb:
      Math.round(
        ((await Promise.all(before.map((entry) => gzipSize(entry.url)))).reduce((a, b) => a + b, 0) / 1024) * 10,
      ) / 10,
    scripts: before.length,
  };
}

const gzipSizes = new Map<string, Promise<number>>();

/** A script's size gzipped at the default level, as bench:bundle counts it (the server may send it uncompressed). */
function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => gzipSync(Buffer.from(await response.arrayBuffer())).length);
    gzipSizes.set(url, size);
  }
  return size;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};

const backend = await startTestBackend({ engine: 'pglite' });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

const rows: Array<Record<string, string | number>> = [];
try {
  for (const mode of ['unthrottled', 'mobile'] as const) {
    for (const path of PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const load = loadavg()[0] ?? 0;
        // a fresh context each run: no HTTP cache, no service worker, no storage
        const context = await browser.newContext(
          mode === 'mobile' ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true } : {},
        );
        await context.addInitScript(OBSERVER_SCRIPT);
        const page = await context.newPage();
        try {
          runs.push({ ...(await measure(page, `${backend.url}${path}`, mode)), load });
        } finally {
          await context.close();
        }
        console.warn(JSON.stringify({ mode, page: path, run: run + 1, ...runs.at(-1) }));
      }
      const stat = (pick: (run: Run) => number) =>
        `${percentile(runs.map(pick), 0.5)} / ${percentile(runs.map(pick), 0.9)}`;
      const row = {
        mode,
        page: path,
        'first result ms (median / p90)': stat((run) => run.firstResultMs),
        'LCP ms (median / p90)': stat((run) => run.lcpMs),
        'JS before interactive KB gz (median)': percentile(
          runs.map((run) => run.jsKb),
          0.5,
        ),
        'scripts (median)': percentile(
          runs.map((run) => run.scripts),
          0.5,
        ),
        'load average': runs.map((run) => run.load.toFixed(2)).join(' / '),
      };
      rows.push(row);
      console.warn(JSON.stringify(row));
    }
  }
} finally {
  await browser.close();
  await backend.stop();
}
mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(REPO_ROOT, 'bench/results', `first-results-${new Date().toISOString().slice(0, 10)}.json`),
  `${JSON.stringify(rows, null, 2)}\n`,
);
