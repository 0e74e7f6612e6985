/**
 * JSON-RPC batches to /mcp and refused-token floods against a real server process (as `npm start`
 * runs it) on a fresh PGlite data directory (PostgreSQL with BENCH_DATABASE_URL: a scratch
 * database there). Visitors search through the Data API, four at a time, each request from an
 * address of its own; first quietly, then while one attacker address sends /mcp batches of 100
 * and of 10 searches of 28 misspelt words (200 characters, new words each time, so never cached),
 * back to back. Then 700 requests with `Authorization: Bearer sciai_bad` from one address on 700
 * paths. Prints the visitors' median, p95 and maximum in both phases and the answers' statuses.
 *   node bench/mcp-floods.ts                  # 20 s per phase (BENCH_PHASE_SECONDS)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSecrets } from '@sciai/server';
import { createScratchDatabase } from '../tests/support/backend.ts';
import { servingUrl, spawnServer, startUpWorkDone, stopServer } from './server-process.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_SECONDS ?? 20) * 1000;
const VISITORS = 4;
const WORDS = ['protein', 'structure', 'genome', 'single cell', 'molecule', 'climate', 'microscopy', 'language model'];

const scratch = process.env.BENCH_DATABASE_URL
  ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'sciai_bench_mcp_floods')
  : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'sciai-bench-mcp-floods-'));
// the visitors' and attackers' addresses come in X-Forwarded-For, as from a proxy on this machine
const server = spawnServer({
  node: process.execPath,
  dataDir,
  databaseUrl: scratch?.url,
  env: { TRUST_PROXY: 'loopback' },
});
const base = await servingUrl(server);
await startUpWorkDone(dataDir);
const { anonKey } = await loadOrCreateSecrets(dataDir);
let addressCounter = 0;
const nextAddress = () => `198.18.${Math.floor(addressCounter / 250) % 256}.${(addressCounter++ % 250) + 1}`;

/** Visitor answers other than 200, by status (a 504: the gateway's 15 s wait ran out). */
const visitorErrors = new Map<number, number>();

async function visitorSearch(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/rest/v1/rpc/search_items`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
    },
    body: JSON.stringify({ search: WORDS[Math.floor(Math.random() * WORDS.length)], page_size: 20 }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) visitorErrors.set(response.status, (visitorErrors.get(response.status) ?? 0) + 1);
  return performance.now() - started;
}

async function visitorsFor(ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      while (performance.now() < until) times.push(await visitorSearch());
    }),
  );
  return times;
}

let wordSeed = 0;
function misspeltQuery(): string {
  const consonants = 'bcdfghjklmnpqrstvwxz';
  const word = () =>
    Array.from({ length: 6 }, () => consonants[(wordSeed = (wordSeed * 7919 + 13) % 104729) % 20]).join('');
  return Array.from({ length: 28 }, word).join(' ').slice(0, 200);
}

async function attack(ms: number, statuses: Map<string, number>): Promise<void> {
  const address = '203.0.113.50';
  const until = performance.now() + ms;
  for (let round = 0; performance.now() < until; round++) {
    const size = round % 2 === 0 ? 100 : 10;
    const batch = Array.from({ length: size }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'search_catalog', arguments: { query: misspeltQuery() } },
    }));
    const started = performance.now();
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-forwarded-for': address,
      },
      body: JSON.stringify(batch),
    });
    await response.arrayBuffer();
    const key = `batch of ${size}: ${response.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    const slowest = `${key} slowest ms`;
    statuses.set(slowest, Math.max(statuses.get(slowest) ?? 0, Math.round(performance.now() - started)));
  }
}

async function tokenFlood(): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const address = '203.0.113.60';
  for (let sent = 0; sent < 700; sent += 50) {
    await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const response = await fetch(`${base}/rest/v1/flood_${sent + n}?select=id`, {
          headers: { authorization: 'Bearer sciai_bad', 'x-forwarded-for': address },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
  }
  return statuses;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { requests: sorted.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: Math.round(sorted.at(-1) ?? 0) };
};

try {
  console.warn(
    `engine ${scratch ? 'postgres' : 'pglite'}, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await visitorsFor(3_000); // warm the visitors' searches into the cache
  const quiet = summary(await visitorsFor(PHASE_MS));
  console.warn('visitors, quiet', quiet, 'not 200:', Object.fromEntries(visitorErrors));
  visitorErrors.clear();
  const attackStatuses = new Map<string, number>();
  const [underAttack] = await Promise.all([visitorsFor(PHASE_MS), attack(PHASE_MS, attackStatuses)]);
  console.warn('visitors, under /mcp batches', summary(underAttack), 'not 200:', Object.fromEntries(visitorErrors));
  console.warn('attacker answers', Object.fromEntries(attackStatuses));
  const floodStarted = performance.now();
  const flood = await tokenFlood();
  console.warn(
    `700 × Bearer sciai_bad in ${Math.round(performance.now() - floodStarted)} ms:`,
    Object.fromEntries(flood),
  );
  console.warn(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
