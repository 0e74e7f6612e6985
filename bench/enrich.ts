/**
 * `npm run bench:enrich`: enrich 5,000 items (GitHub, OpenAlex, Hugging Face and a homepage each)
 * against the local source fixture server answering after 100 ms and allowing 50 requests/s per
 * source (more answer 429). The baseline, in the same run, is what those limits allow: the
 * busiest source's requests / 50 per second, the sources running side by side. Reports the total
 * time against it, peak RSS, 429s met, and store writes per item (one per page of items).
 *
 * The store is in memory: this measures the lookups and their pacing, not the database (the
 * writes are counted: each is one record_enrich_batch statement). The fixture server runs in a
 * process of its own (bench/enrich-fixture-server.ts), so the peak RSS is the enrich run's. Usage:
 *   npm run bench:enrich
 *   BENCH_ITEMS=1000 npm run bench:enrich    # a quicker run
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import {
  createPoliteFetch,
  politeUserAgent,
  runEnrich,
  type EnrichResult,
  type EnrichSource,
  type EnrichStore,
  type EnrichTarget,
} from '@sciai/core/enrich';
import { ENRICH_BENCH_SOURCES, PER_SECOND, type FixtureMessage } from './enrich-fixture-server.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 5_000);

// The fixture server runs in a process of its own: the peak RSS below is the enrich run's alone.
const fixtures = fork(new URL('./enrich-fixture-server.ts', import.meta.url), { stdio: 'inherit' });
async function fromFixtures(): Promise<FixtureMessage> {
  const [message] = (await once(fixtures, 'message')) as [FixtureMessage];
  return message;
}
const ready = await fromFixtures();
if (!('baseUrls' in ready)) throw new Error('the fixture server did not start');
const baseUrls = ready.baseUrls;
const byOrigin = new Map(Object.entries(baseUrls).map(([source, url]) => [new URL(url).origin, source]));
const server = {
  baseUrl: (source: (typeof ENRICH_BENCH_SOURCES)[number]) => baseUrls[source],
  sourceOf(url: string): string {
    try {
      return byOrigin.get(new URL(url).origin) ?? 'other';
    } catch {
      return 'other';
    }
  },
};

const targets: EnrichTarget[] = Array.from({ length: ITEMS }, (_, index) => ({
  id: String(index).padStart(8, '0'),
  slug: `bench-${index}`,
  homepage: `${server.baseUrl('links')}/home/${index}`,
  repository: `https://github.com/bench/repo-${index}`,
  doi: `10.5555/bench.${index}`,
  openalex: null,
  huggingface: `bench/model-${index}`,
  sources: ['github', 'openalex', 'huggingface', 'links'],
}));

let writes = 0;
let recorded = 0;
let failed = 0;
const store: EnrichStore = {
  beginRun: async () => 'bench',
  targets: async ({ afterId, maxItems }) => {
    const start = afterId === null ? 0 : Number(afterId) + 1;
    return targets.slice(start, start + maxItems);
  },
  recordBatch: async (_run, results: EnrichResult[]) => {
    writes += 1;
    recorded += results.length;
    failed += results.filter((result) => !result.ok).length;
  },
  finishRun: async () => {},
};

const limit = { concurrency: 10, perSecond: PER_SECOND - 1 };
const fetch = createPoliteFetch({
  fetch: (url, init) => globalThis.fetch(url, init),
  userAgent: politeUserAgent('https://bench.sciai.invalid'),
  sourceOf: (url) => server.sourceOf(url),
  limits: { github: limit, openalex: limit, huggingface: limit, links: limit },
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 250);
const load = loadavg()[0]!;
const started = performance.now();
const progress = await runEnrich({
  store,
  fetch,
  sources: (process.env.BENCH_SOURCES?.split(',') as EnrichSource[] | undefined) ?? [
    'github',
    'openalex',
    'huggingface',
    'links',
  ],
  staleSeconds: 0,
  baseUrls: {
    github: server.baseUrl('github'),
    openalex: server.baseUrl('openalex'),
    huggingface: server.baseUrl('huggingface'),
  },
  // Only the fixture server: the items' github.com repository links are refused, never fetched.
  vetLink: async (url) => (url.hostname === '127.0.0.1' ? undefined : 'Outside the bench network'),
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const sources = ENRICH_BENCH_SOURCES;
fixtures.send('counts');
const answer = await fromFixtures();
if (!('counts' in answer)) throw new Error('the fixture server did not count');
const counts = answer.counts;
const busiest = Math.max(...sources.map((source) => counts[source]!.requests - counts[source]!.limited));
const baseline = busiest / PER_SECOND;
fixtures.send('close');
await once(fixtures, 'exit');

console.warn(
  JSON.stringify(
    {
      items: ITEMS,
      seconds: Number(seconds.toFixed(1)),
      baselineSeconds: Number(baseline.toFixed(1)),
      overBaseline: `${(((seconds - baseline) / baseline) * 100).toFixed(1)} %`,
      peakRssMB: Math.round(peakRss / 1_048_576),
      requests: Object.fromEntries(sources.map((source) => [source, counts[source]!.requests])),
      answered429: Object.fromEntries(sources.map((source) => [source, counts[source]!.limited])),
      results: recorded,
      failedLookups: failed,
      storeWrites: writes,
      writesPerItem: Number((writes / progress.items).toFixed(4)),
      loadAverage: Number(load.toFixed(2)),
    },
    null,
    2,
  ),
);
