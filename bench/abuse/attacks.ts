import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '@sciai/server';
import { send, type Answer } from './http.ts';
import type { HostileKind } from './hostile.ts';
import type { ApiHeaders, Catalog } from './traffic.ts';

/**
 * The attacks on the surfaces that came after the first hardening round: JSON-RPC batches to
 * /mcp, a flood of requests with a refused token, unique searches that fill the search cache
 * from many addresses, and a backup (`sciai db dump`) taken while all of it runs.
 */

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

/** A 200-character misspelling: no word matches, so every call runs the fuzzy fallback. */
function misspelt(index: number): string {
  const word = (n: number) => `protien${n.toString(36)}strucutre`;
  let text = '';
  for (let n = 0; text.length < 200; n++) text += `${word(index * 31 + n)} `;
  return text.slice(0, 200);
}

/** One POST to /mcp holding 100 search calls, as one client could send it. */
export function mcpBatchKind(base: string): HostileKind {
  let sent = 0;
  return {
    name: 'MCP batch of 100 misspelt 200-character searches',
    send: (address) => {
      const batch = Array.from({ length: 100 }, (_, call) => ({
        jsonrpc: '2.0',
        id: call,
        method: 'tools/call',
        params: { name: 'search_catalog', arguments: { query: misspelt(sent * 100 + call) } },
      }));
      sent++;
      return send(base, false, 'POST', '/mcp', { ...MCP_HEADERS, 'x-forwarded-for': address }, JSON.stringify(batch));
    },
  };
}

export interface Flood {
  name: string;
  byStatus: Map<string, number>;
  ms: number[];
  sent: () => number;
  skipped: () => number;
  stop: () => Promise<void>;
}

/** `perSecond` requests made by `sendOne`, at most `maxInFlight` at once; answers counted by status. */
export function startFlood(
  name: string,
  perSecond: number,
  maxInFlight: number,
  sendOne: (index: number) => Promise<Answer>,
): Flood {
  const byStatus = new Map<string, number>();
  const ms: number[] = [];
  let inFlight = 0;
  let sent = 0;
  let skipped = 0;
  const tick = Math.max(1, Math.round(1000 / perSecond));
  // a timer fires at most about once a millisecond: faster floods send several a tick
  const perTick = Math.max(1, Math.round((perSecond * tick) / 1000));
  const timer = setInterval(() => {
    for (let n = 0; n < perTick; n++) {
      if (inFlight >= maxInFlight) {
        skipped++;
        continue;
      }
      inFlight++;
      void sendOne(sent++).then((answer) => {
        inFlight--;
        ms.push(answer.ms);
        const key = answer.error ? `${answer.status || 'no answer'} ${answer.error}` : String(answer.status);
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      });
    }
  }, tick);
  return {
    name,
    byStatus,
    ms,
    sent: () => sent,
    skipped: () => skipped,
    async stop() {
      clearInterval(timer);
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

/** Requests with a personal-token-shaped bearer that no account holds, all from one address. */
export function startTokenFlood(base: string, { api }: ApiHeaders, perSecond: number): Flood {
  return startFlood(`refused token flood (${perSecond}/s, one address)`, perSecond, 32, () =>
    send(base, false, 'GET', '/rest/v1/content_items?select=slug&limit=1', {
      apikey: api.apikey!,
      authorization: 'Bearer sciai_bad',
      'x-forwarded-for': '203.0.113.20',
    }),
  );
}

/**
 * Searches that are each new to the search cache (a title word with a year range no other has),
 * spread over 200 addresses so that no address meets the per-address limit: what fills a cache
 * that has no bound.
 */
export function startUniqueSearches(base: string, { json }: ApiHeaders, catalog: Catalog, perSecond: number): Flood {
  const { words } = catalog;
  return startFlood(`unique searches (${perSecond}/s, 200 addresses)`, perSecond, 16, (index) => {
    const word = words[index % words.length]!;
    const round = Math.floor(index / words.length);
    const body = JSON.stringify({
      search: word,
      year_from: 1950 + (round % 70),
      year_to: 2026 - (Math.floor(round / 70) % 30),
      page_size: 20,
    });
    return send(
      base,
      false,
      'POST',
      '/rest/v1/rpc/search_items',
      { ...json, 'x-forwarded-for': `203.0.${114 + (index % 2)}.${1 + Math.floor((index % 200) / 2)}` },
      body,
    );
  });
}

export interface DumpOutcome {
  started_at_s: number;
  duration_s: number;
  exit_code: number | null;
  bytes: number;
  stderr_tail: string;
}

/** `sciai db dump` against the running server's data, as an operator's nightly backup would. */
export function runDump(dataDir: string, databaseUrl: string | undefined, startedAtS: number): Promise<DumpOutcome> {
  const outDir = mkdtempSync(join(tmpdir(), 'sciai-bench-dump-'));
  const file = join(outDir, 'backup.sql');
  const started = performance.now();
  const child = spawn(
    join(REPO_ROOT, 'node_modules/.bin/node'),
    [join(REPO_ROOT, 'cli/src/sciai.ts'), 'db', 'dump', file],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      let bytes = 0;
      try {
        bytes = statSync(file).size;
      } catch {
        // no file: the dump failed before writing
      }
      rmSync(outDir, { recursive: true, force: true });
      resolve({
        started_at_s: startedAtS,
        duration_s: Number(((performance.now() - started) / 1000).toFixed(1)),
        exit_code: code,
        bytes,
        stderr_tail: stderr.slice(-500),
      });
    });
  });
}

export interface CacheSize {
  rows: number | null;
  /** PostgreSQL only: the table with its TOAST and indexes */
  bytes?: number;
}

/** The search cache's rows (through the Data API with the service key) and, on PostgreSQL, its size. */
export async function searchCacheSize(
  base: string,
  serviceRoleKey: string,
  databaseUrl: string | undefined,
): Promise<CacheSize> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ rows: string; bytes: string }>(
        `select count(*) as rows, pg_total_relation_size('public.search_cache') as bytes from public.search_cache`,
      );
      return { rows: Number(rows[0]!.rows), bytes: Number(rows[0]!.bytes) };
    } finally {
      await client.end();
    }
  }
  const answer = await fetch(`${base}/rest/v1/search_cache?select=cache_key&limit=1`, {
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, prefer: 'count=exact' },
  });
  const range = answer.headers.get('content-range') ?? '';
  const total = Number(range.split('/')[1]);
  return { rows: Number.isFinite(total) ? total : null };
}
