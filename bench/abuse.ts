/**
 * The site under abuse: a real server process (as `npm start` runs it) serves normal browsing at
 * 16 concurrent visitors while a few attacker addresses send the hostile requests of
 * docs/security.md at a steady rate and /healthz is polled every 250 ms. Reports the visitors'
 * latency and errors, /healthz's tail, the answers the hostile requests got, server exits and the
 * memory of the server's process tree from start to end. PGlite always; PostgreSQL too with
 * BENCH_DATABASE_URL (a scratch database on that server). Usage:
 *   npm run bench:abuse                               # 5 minutes per engine
 *   npm run bench:abuse -- --duration 60              # a quick run
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:abuse
 *   BENCH_ENGINE=postgres …                           # one engine; BENCH_HOSTILE_PER_S (default 4)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONTENT_TYPES, FEATURES, ORGANIZATION_SIZES, SORT_OPTIONS, itemPath, type ContentType } from '@sciai/core';
import { loadOrCreateSecrets, REPO_ROOT } from '@sciai/server';
import { createScratchDatabase } from '../tests/support/backend.ts';

const { values: args } = parseArgs({
  options: { duration: { type: 'string' }, engine: { type: 'string' } },
  allowPositionals: false,
});
const DURATION_S = Number(args.duration ?? process.env.BENCH_DURATION ?? 300);
const VISITORS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HOSTILE_PER_S = Number(process.env.BENCH_HOSTILE_PER_S ?? 4);
const HEALTH_EVERY_MS = 250;
const RSS_EVERY_MS = 5_000;
const adminUrl = process.env.BENCH_DATABASE_URL;
const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A few attackers, each always from the same address (the per-address limits apply to them). */
const ATTACKERS = ['203.0.113.7', '203.0.113.8', '203.0.113.9'];

type Engine = 'pglite' | 'postgres';

interface Answer {
  status: number;
  ms: number;
  /** a network error instead of an answer (ECONNRESET, timeout …) */
  error?: string;
  body?: string;
  continued?: boolean;
}

/**
 * One HTTP request, its answer read to the end. node:http rather than fetch: the hostile bodies
 * need `Expect: 100-continue` (which undici refuses), and the visitors' pool is an Agent of ours.
 */
function send(
  base: string,
  agent: Agent | false,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  options: { expectContinue?: boolean; keepBody?: boolean; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  // answers are small (the hostile ones are refusals): keep them for their error codes
  const keepBody = options.keepBody ?? true;
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    const payload = typeof body === 'string' ? Buffer.from(body) : body;
    let continued = false;
    // the path as written: new URL() would resolve `%2e%2e` segments before the server saw them
    const { hostname, port } = new URL(base);
    const request = httpRequest({
      hostname,
      port,
      path,
      method,
      agent,
      headers: {
        ...headers,
        ...(payload ? { 'content-length': String(payload.length) } : {}),
        ...(options.expectContinue ? { expect: '100-continue' } : {}),
      },
      timeout: options.timeoutMs ?? 30_000,
    });
    request.on('continue', () => {
      continued = true;
      request.end(payload);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (keepBody) chunks.push(chunk);
      });
      response.on('end', () => {
        done({
          status: response.statusCode ?? 0,
          continued,
          body: keepBody ? Buffer.concat(chunks).toString('utf8') : undefined,
        });
        // refused before the body was asked for: it is never sent
        if (options.expectContinue && !continued) request.destroy();
      });
      response.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message }));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message }));
    if (options.expectContinue) request.flushHeaders();
    else request.end(payload);
  });
}

// --- the server, as `npm start` runs it ---------------------------------------------------------

interface Server {
  process: ChildProcess;
  base: string;
  postgrestPid: number | undefined;
  exits: Array<{ code: number | null; signal: string | null; atS: number }>;
  /** log lines at warn level or above, by message (the first 300 characters) */
  warnings: Map<string, number>;
  stderr: string[];
}

async function startServer(dataDir: string, databaseUrl: string | undefined, benchStarted: number): Promise<Server> {
  const child = spawn(NODE, [join(REPO_ROOT, 'server/src/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Each simulated visitor comes through a proxy on this machine with an address of its own.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    process: child,
    base: '',
    postgrestPid: undefined,
    exits: [],
    warnings: new Map(),
    stderr: [],
  };
  child.once('exit', (code, signal) =>
    server.exits.push({ code, signal, atS: Math.round((performance.now() - benchStarted) / 1000) }),
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    process.stderr.write(text);
    if (server.stderr.length < 50) server.stderr.push(text.slice(0, 500));
  });
  await new Promise<void>((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        let entry: { level?: number; msg?: string; url?: string; postgrest_pid?: number } = {};
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          continue;
        }
        if (entry.msg === 'SciAI is serving' && entry.url) {
          server.base = entry.url.replace('localhost', '127.0.0.1');
          server.postgrestPid = entry.postgrest_pid;
          resolve();
        } else if ((entry.level ?? 0) >= 40) {
          const key = line.slice(0, 300);
          server.warnings.set(key, (server.warnings.get(key) ?? 0) + 1);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before serving`)));
  });
  return server;
}

// --- memory of the server's process tree --------------------------------------------------------

interface ProcessMemory {
  pid: number;
  name: string;
  rss_mb: number;
}

function processTree(rootPid: number): ProcessMemory[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // a process that ended in between
    }
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree.flatMap((pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      return [{ pid, name: names.get(pid) ?? '?', rss_mb: Math.round(kb / 102.4) / 10 }];
    } catch {
      return [];
    }
  });
}

interface MemorySample {
  at_s: number;
  total_mb: number;
  server_mb: number;
  postgrest_mb: number;
  other_mb: number;
  postgrest_alive: boolean;
}

function memorySample(server: Server, atS: number): MemorySample {
  const tree = server.process.exitCode === null ? processTree(server.process.pid!) : [];
  const server_mb = tree.find((entry) => entry.pid === server.process.pid)?.rss_mb ?? 0;
  const postgrest_mb = tree.find((entry) => entry.pid === server.postgrestPid)?.rss_mb ?? 0;
  const total_mb = Math.round(tree.reduce((sum, entry) => sum + entry.rss_mb, 0) * 10) / 10;
  return {
    at_s: atS,
    total_mb,
    server_mb,
    postgrest_mb,
    other_mb: Math.round((total_mb - server_mb - postgrest_mb) * 10) / 10,
    postgrest_alive: tree.some((entry) => entry.pid === server.postgrestPid),
  };
}

/**
 * MB on disk under the PGlite data directory (it grows with every write), in all and by the
 * database cluster's parts: tables and indexes (base), write-ahead log (pg_wal), the rest.
 */
function dataDirectoryMb(path: string): { data_dir_mb: number; by_part_mb: Record<string, number> } {
  const parts: Record<string, number> = {};
  let bytes = 0;
  const walk = (dir: string, part: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const within = ['base', 'pg_wal', 'global', 'pg_xact'].includes(entry.name) ? entry.name : part;
      try {
        if (entry.isDirectory()) walk(full, within);
        else {
          const size = statSync(full).size;
          bytes += size;
          parts[within] = (parts[within] ?? 0) + size;
        }
      } catch {
        // removed in between
      }
    }
  };
  walk(path, 'other');
  const mb = (value: number) => Math.round(value / 1_048_576);
  return {
    data_dir_mb: mb(bytes),
    by_part_mb: Object.fromEntries(Object.entries(parts).map(([part, size]) => [part, mb(size)])),
  };
}

/** The scratch PostgreSQL database's size and its search cache's rows. */
async function postgresSize(databaseUrl: string): Promise<{ database_mb: number; search_cache_rows: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ database_mb: number; search_cache_rows: number }>(
      `select (pg_database_size(current_database()) / 1048576)::int as database_mb,
              (select count(*) from public.search_cache)::int as search_cache_rows`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/** PostgreSQL's backends for the scratch database: count and summed RSS (shared buffers counted in each). */
async function postgresBackends(databaseUrl: string): Promise<{ connections: number; rss_mb: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    let kb = 0;
    for (const { pid } of rows) {
      try {
        kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // ended in between
      }
    }
    return { connections: rows.length, rss_mb: Math.round(kb / 1024) };
  } finally {
    await client.end();
  }
}

// --- statistics ---------------------------------------------------------------------------------

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1)) : null;
  return { count: sorted.length, p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99), max_ms: at(1) };
}

const visitorAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

// --- one engine ---------------------------------------------------------------------------------

async function benchEngine(engine: Engine) {
  const benchStarted = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), `sciai-bench-abuse-${engine}-`));
  const scratch = engine === 'postgres' ? await createScratchDatabase(adminUrl, 'sciai_bench_abuse') : undefined;
  const server = await startServer(dataDir, scratch?.url, benchStarted);
  const startup_s = Number(((performance.now() - benchStarted) / 1000).toFixed(1));
  const { anonKey } = await loadOrCreateSecrets(dataDir);
  const api = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const json = { ...api, 'content-type': 'application/json' };
  const { base } = server;

  // What visitors look at: the published catalog's slugs and the words of its titles.
  const catalogAnswer = await send(
    base,
    false,
    'GET',
    '/rest/v1/content_items?select=slug,title,content_type&status=eq.published&limit=1000',
    { ...api, 'x-forwarded-for': visitorAddress() },
    undefined,
    { keepBody: true },
  );
  const catalog = JSON.parse(catalogAnswer.body ?? '[]') as Array<{
    slug: string;
    title: string;
    content_type: ContentType;
  }>;
  const domainsAnswer = await send(
    base,
    false,
    'GET',
    '/rest/v1/scientific_domains?select=slug',
    { ...api, 'x-forwarded-for': visitorAddress() },
    undefined,
    { keepBody: true },
  );
  const domainSlugs = (JSON.parse(domainsAnswer.body ?? '[]') as Array<{ slug: string }>).map((row) => row.slug);
  const words = [
    ...new Set(
      catalog.flatMap((item) =>
        item.title
          .toLowerCase()
          .split(/[^a-z0-9-]+/)
          .filter((word) => word.length >= 4),
      ),
    ),
  ];
  if (catalog.length === 0 || words.length === 0 || domainSlugs.length === 0) {
    throw new Error(`no catalog to browse: ${catalogAnswer.status} ${catalogAnswer.body?.slice(0, 200)}`);
  }
  console.warn(
    `${engine}: serving at ${base} after ${startup_s} s; ${catalog.length} items, ${words.length} title words`,
  );

  /** A search a visitor might make: 1–2 title words, 0–2 filters, a sort, a page, a year range. */
  const searchBody = () => {
    const body: Record<string, unknown> = {
      search: Array.from({ length: 1 + randomInt(2) }, () => pick(words)).join(' '),
      sort_by: randomInt(3) === 0 ? pick(SORT_OPTIONS) : 'relevance',
      page_offset: randomInt(4) === 0 ? 20 : 0,
      page_size: 20,
    };
    if (randomInt(4) === 0) body.search = '';
    const filters = randomInt(3);
    for (let i = 0; i < filters; i++) {
      const kind = randomInt(4);
      if (kind === 0) body.domains = [pick(domainSlugs)];
      else if (kind === 1) body.content_types = [pick(CONTENT_TYPES)];
      else if (kind === 2) body.features = [pick(FEATURES)];
      else body.organization_sizes = [pick(ORGANIZATION_SIZES), pick(ORGANIZATION_SIZES)];
    }
    // the year range makes nearly every query a new one for the search cache
    if (randomInt(2) === 0) body.year_to = 1990 + randomInt(37);
    if (randomInt(3) === 0) body.year_from = 1950 + randomInt(40);
    return JSON.stringify(body);
  };

  // --- the three kinds of traffic ---
  const visitorAgent = new Agent({ keepAlive: true, maxSockets: VISITORS });
  const normal = new Map<string, { ms: number[]; statuses: Map<string, number> }>();
  const normalErrors: Array<{ name: string; status: number; error?: string; at_s: number; body?: string }> = [];
  const record = (name: string, answer: Answer) => {
    const entry = normal.get(name) ?? { ms: [], statuses: new Map<string, number>() };
    normal.set(name, entry);
    entry.ms.push(answer.ms);
    const key = answer.error ?? String(answer.status);
    entry.statuses.set(key, (entry.statuses.get(key) ?? 0) + 1);
    if (answer.error || answer.status >= 400) {
      normalErrors.push({
        name,
        status: answer.status,
        error: answer.error,
        at_s: Math.round((performance.now() - loadStarted) / 1000),
        body: answer.body?.slice(0, 300),
      });
    }
  };
  let running = true;

  /** One visitor after another: the landing page, a search or two, an item's page. */
  async function visitorLoop() {
    while (running) {
      const headers = { 'x-forwarded-for': visitorAddress(), 'user-agent': BROWSER };
      const get = async (name: string, path: string, withKey = true) =>
        record(
          name,
          await send(base, visitorAgent, 'GET', path, withKey ? { ...headers, ...api } : headers, undefined, {
            keepBody: true,
          }),
        );
      const rpc = async (name: string, body: string) => {
        const answer = await send(base, visitorAgent, 'POST', `/rest/v1/rpc/${name}`, { ...headers, ...json }, body, {
          keepBody: true,
        });
        record(name, answer);
        return answer;
      };
      await get('page /', '/', false);
      if (!running) break;
      await get('config.js', '/config.js', false);
      await get('scientific_domains', '/rest/v1/scientific_domains?select=*&order=name');
      await get('domain_counts', '/rest/v1/domain_counts?select=domain_id,count');
      if (!running) break;
      for (let search = 0; search < 1 + randomInt(2) && running; search++) {
        const body = searchBody();
        const answer = await rpc('search_items', body);
        const term = (JSON.parse(body) as { search: string }).search;
        if (term && answer.status === 200) {
          const total = (JSON.parse(answer.body ?? '{}') as { total?: number }).total ?? 0;
          await rpc('record_search', JSON.stringify({ term, result_count: total }));
        }
      }
      if (!running) break;
      const item = pick(catalog);
      await get('detail page (HTML)', itemPath(item.content_type, item.slug), false);
      await rpc('item_details', JSON.stringify({ slugs: [item.slug] }));
      await rpc('related_items', JSON.stringify({ item_slug: item.slug, max_items: 4 }));
      await rpc('record_item_view', JSON.stringify({ item_slug: item.slug }));
    }
  }

  // The hostile requests, each from one of the attackers' addresses.
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepSelect =
    'slug,content_domains(scientific_domains(slug,content_domains(content_items(slug,content_domains(scientific_domains(slug,content_domains(content_items(slug))))))))';
  const hugeDomains = Buffer.from(
    JSON.stringify({ search: '', domains: Array.from({ length: 200_000 }, (_, i) => `domain-${i}`) }),
  );
  const largeBody = Buffer.alloc(2 * 1024 * 1024, ' ');
  const deepProfile = Buffer.from(`{"_handle":${deep(50_000)}}`);
  const deepSearch = Buffer.from(`{"search":${deep(50_000)}}`);
  const hostileKinds: Array<{ name: string; send: (address: string) => Promise<Answer> }> = [
    {
      name: 'deep JSON (50,000 levels) → rpc/public_profile',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/public_profile', { ...json, 'x-forwarded-for': address }, deepProfile),
    },
    {
      name: 'deep JSON (50,000 levels) → rpc/search_items',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/search_items', { ...json, 'x-forwarded-for': address }, deepSearch),
    },
    {
      name: 'select= embedding 8 levels deep',
      send: (address) =>
        send(base, false, 'GET', `/rest/v1/content_items?select=${deepSelect}&limit=5`, {
          ...api,
          'x-forwarded-for': address,
        }),
    },
    {
      name: 'search_items with 200,000 domains (2.3 MB)',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/search_items', { ...json, 'x-forwarded-for': address }, hugeDomains),
    },
    {
      name: '2 MiB body with Expect: 100-continue',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/search_items', { ...json, 'x-forwarded-for': address }, largeBody, {
          expectContinue: true,
        }),
    },
    {
      name: 'percent-encoded path, deep select (content%5Fitems)',
      send: (address) =>
        send(base, false, 'GET', `/rest/v1/content%5Fitems?select=${deepSelect}&limit=5`, {
          ...api,
          'x-forwarded-for': address,
        }),
    },
    {
      name: 'percent-encoded path, deep JSON (rpc/search%5Fitems)',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/%73earch%5Fitems', { ...json, 'x-forwarded-for': address }, deepSearch),
    },
    {
      // PostgREST's root: the whole OpenAPI document (200 KB), generated for every request
      name: 'OpenAPI document (GET /rest/v1/)',
      send: (address) => send(base, false, 'GET', '/rest/v1/', { ...api, 'x-forwarded-for': address }),
    },
    {
      name: 'percent-encoded traversal (/rest/v1/%2e%2e/%2e%2e/healthz/admin)',
      send: (address) =>
        send(base, false, 'GET', '/rest/v1/%2e%2e/%2e%2e/healthz/admin', { ...api, 'x-forwarded-for': address }),
    },
  ];
  const hostile = new Map<string, { ms: number[]; answers: Map<string, number> }>();
  let hostileInFlight = 0;
  let hostileSkipped = 0;
  let hostileSent = 0;
  const hostileTimer = setInterval(
    () => {
      if (HOSTILE_PER_S <= 0) return;
      // at most 8 in flight: a slow answer must not make the attack pile up in this process
      if (hostileInFlight >= 8) {
        hostileSkipped++;
        return;
      }
      const kind = hostileKinds[hostileSent % hostileKinds.length]!;
      const address = ATTACKERS[hostileSent % ATTACKERS.length]!;
      hostileSent++;
      hostileInFlight++;
      void kind.send(address).then((answer) => {
        hostileInFlight--;
        const entry = hostile.get(kind.name) ?? { ms: [], answers: new Map<string, number>() };
        hostile.set(kind.name, entry);
        entry.ms.push(answer.ms);
        // the status and the refusal's code (SCIAI43x: the gateway's limits; PGRST…: PostgREST)
        let code = '';
        try {
          code = (JSON.parse(answer.body ?? '') as { code?: string }).code ?? '';
        } catch {
          // not JSON
        }
        const key = answer.error
          ? `${answer.status || 'no answer'} ${answer.error}`
          : `${answer.status}${code ? ` ${code}` : ''}${answer.continued ? ' (after 100 Continue)' : ''}`;
        entry.answers.set(key, (entry.answers.get(key) ?? 0) + 1);
      });
    },
    HOSTILE_PER_S > 0 ? Math.round(1000 / HOSTILE_PER_S) : 60_000,
  );

  /** /healthz every 250 ms from a connection of its own. */
  const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const health: Array<{ ms: number; status: number; error?: string }> = [];
  const healthFailures: Array<{ at_s: number; status: number; error?: string; body?: string }> = [];
  let gatewayLoop: { p99_ms: number; max_ms: number } | undefined;
  const databasePing: number[] = [];
  async function healthLoop() {
    while (running) {
      const started = performance.now();
      const answer = await send(base, healthAgent, 'GET', '/healthz', {}, undefined, {
        keepBody: true,
        timeoutMs: 10_000,
      });
      health.push({ ms: answer.ms, status: answer.status, error: answer.error });
      if (answer.status !== 200 && healthFailures.length < 10) {
        healthFailures.push({
          at_s: Math.round((performance.now() - loadStarted) / 1000),
          status: answer.status,
          error: answer.error,
          body: answer.body?.slice(0, 500),
        });
      }
      try {
        const parsed = JSON.parse(answer.body ?? '') as {
          event_loop?: { p99_ms: number; max_ms: number };
          database?: { latency_ms?: number };
        };
        gatewayLoop = parsed.event_loop ?? gatewayLoop;
        if (parsed.database?.latency_ms !== undefined) databasePing.push(parsed.database.latency_ms);
      } catch {
        // not JSON: counted by its status
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - (performance.now() - started))));
    }
  }

  // This process's own event loop: when it lags, the latencies it measures grow with it.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();

  const memory: MemorySample[] = [memorySample(server, 0)];
  const treeAtStart = processTree(server.process.pid!);
  const load_start = loadavg().map((value) => Number(value.toFixed(2)));
  const postgres_start = scratch ? await postgresBackends(scratch.url) : undefined;
  const disk_start = scratch ? await postgresSize(scratch.url) : dataDirectoryMb(dataDir);
  const loadStarted = performance.now();
  const memoryTimer = setInterval(
    () => memory.push(memorySample(server, Math.round((performance.now() - loadStarted) / 1000))),
    RSS_EVERY_MS,
  );
  const progressTimer = setInterval(() => {
    const searches = normal.get('search_items')?.ms.length ?? 0;
    console.warn(
      `${engine}: ${Math.round((performance.now() - loadStarted) / 1000)} s, ${searches} searches, ` +
        `${normalErrors.length} errors, ${hostileSent} hostile, RSS ${memory.at(-1)?.total_mb} MB, load ${loadavg()[0]!.toFixed(1)}`,
    );
  }, 30_000);

  const loops = [...Array.from({ length: VISITORS }, () => visitorLoop()), healthLoop()];
  await new Promise((resolve) => {
    const stop = setTimeout(resolve, DURATION_S * 1000);
    server.process.once('exit', () => {
      clearTimeout(stop);
      resolve(undefined);
    });
  });
  running = false;
  clearInterval(hostileTimer);
  await Promise.all(loops);
  while (hostileInFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const elapsed_s = Number(((performance.now() - loadStarted) / 1000).toFixed(1));
  clearInterval(memoryTimer);
  clearInterval(progressTimer);
  memory.push(memorySample(server, Math.round(elapsed_s)));
  benchLoop.disable();
  const load_end = loadavg().map((value) => Number(value.toFixed(2)));
  const postgres_end = scratch && server.process.exitCode === null ? await postgresBackends(scratch.url) : undefined;
  // every search writes its page and facets to the search cache, kept 10 minutes
  const disk_end = scratch ? await postgresSize(scratch.url) : dataDirectoryMb(dataDir);
  visitorAgent.destroy();
  healthAgent.destroy();

  // --- the report ---
  const allNormal = [...normal.values()].flatMap((entry) => entry.ms);
  const first = memory[0]!;
  const last = memory.at(-1)!;
  // After the first fifth of the run (caches and pools filled): growth from there is what a leak shows.
  const warmed = memory.find((sample) => sample.at_s >= elapsed_s / 5) ?? first;
  const growth = (from: MemorySample) => Number((((last.total_mb - from.total_mb) / from.total_mb) * 100).toFixed(1));
  const healthMs = health.map((entry) => entry.ms);
  const result = {
    engine,
    machine: `${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version}`,
    date: new Date().toISOString(),
    // others' uncommitted server changes are measured too: say which tree this was
    tree: gitTree(),
    duration_s: elapsed_s,
    visitors: VISITORS,
    hostile_per_s: HOSTILE_PER_S,
    startup_s,
    load_average_start: load_start,
    load_average_end: load_end,
    normal: {
      requests: allNormal.length,
      requests_per_s: Math.round(allNormal.length / elapsed_s),
      ...percentiles(allNormal),
      errors: normalErrors.length,
      first_errors: normalErrors.slice(0, 10),
      by_request: Object.fromEntries(
        [...normal].map(([name, entry]) => [
          name,
          { ...percentiles(entry.ms), statuses: Object.fromEntries(entry.statuses) },
        ]),
      ),
    },
    healthz: {
      ...percentiles(healthMs),
      not_200: health.filter((entry) => entry.status !== 200).length,
      first_not_200: healthFailures,
      database_ping: percentiles(databasePing),
      gateway_event_loop_since_start: gatewayLoop,
    },
    hostile: {
      sent: hostileSent,
      skipped_with_8_in_flight: hostileSkipped,
      by_kind: Object.fromEntries(
        [...hostile].map(([name, entry]) => [
          name,
          { answers: Object.fromEntries(entry.answers), ...percentiles(entry.ms) },
        ]),
      ),
    },
    server: {
      exits_during_run: [...server.exits],
      postgrest_alive_at_end: last.postgrest_alive,
      postgrest_lost_during_run: memory.some((sample) => !sample.postgrest_alive),
      warnings_logged: [...server.warnings].map(([line, count]) => ({ count, line })).slice(0, 20),
      stderr: server.stderr,
    },
    memory: {
      process_tree_at_start: treeAtStart,
      process_tree_at_end: processTree(server.process.pid!),
      start_total_mb: first.total_mb,
      warmed_total_mb: warmed.total_mb,
      warmed_at_s: warmed.at_s,
      end_total_mb: last.total_mb,
      peak_total_mb: Math.max(...memory.map((sample) => sample.total_mb)),
      growth_from_start_pct: growth(first),
      growth_after_warm_up_pct: growth(warmed),
      postgres_backends_start: postgres_start,
      postgres_backends_end: postgres_end,
      samples: memory,
    },
    disk: { start: disk_start, end: disk_end },
    bench_event_loop: {
      p99_ms: Number((benchLoop.percentile(99) / 1e6).toFixed(1)),
      max_ms: Number((benchLoop.max / 1e6).toFixed(1)),
    },
  };

  server.process.kill('SIGTERM');
  if (server.process.exitCode === null) await new Promise((resolve) => server.process.once('exit', resolve));
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

function gitTree(): { commit: string; uncommitted_server_files: number } {
  const git = (...gitArgs: string[]) =>
    spawnSync('git', gitArgs, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommitted_server_files: git('status', '--porcelain', '--', 'server/src').split('\n').filter(Boolean).length,
  };
}

type Result = Awaited<ReturnType<typeof benchEngine>>;

function printTable(results: Result[]) {
  const rows: Array<[string, ...string[]]> = [
    ['', ...results.map((result) => result.engine)],
    ['duration, visitors, hostile/s', ...results.map((r) => `${r.duration_s} s, ${r.visitors}, ${r.hostile_per_s}`)],
    [
      'load average start → end (1 min)',
      ...results.map((r) => `${r.load_average_start[0]} → ${r.load_average_end[0]}`),
    ],
    ['normal requests (req/s)', ...results.map((r) => `${r.normal.requests} (${r.normal.requests_per_s})`)],
    [
      'normal p50 / p95 / p99 ms',
      ...results.map((r) => `${r.normal.p50_ms} / ${r.normal.p95_ms} / ${r.normal.p99_ms}`),
    ],
    ['normal errors (target 0)', ...results.map((r) => String(r.normal.errors))],
    ['search_items p50 / p95 / p99 ms', ...results.map((r) => tail(r.normal.by_request.search_items))],
    [
      '/healthz p50 / p99 / max ms (p99 ≤ 100)',
      ...results.map((r) => `${r.healthz.p50_ms} / ${r.healthz.p99_ms} / ${r.healthz.max_ms}`),
    ],
    ['/healthz not 200', ...results.map((r) => String(r.healthz.not_200))],
    ['/healthz database ping p50 / p95 / p99 ms', ...results.map((r) => tail(r.healthz.database_ping))],
    ['server exits (target 0)', ...results.map((r) => String(r.server.exits_during_run.length))],
    ['PostgREST lost', ...results.map((r) => String(r.server.postgrest_lost_during_run))],
    [
      'RSS tree start → warmed → end MB',
      ...results.map((r) => `${r.memory.start_total_mb} → ${r.memory.warmed_total_mb} → ${r.memory.end_total_mb}`),
    ],
    [
      'RSS growth from start / after warm-up (< 10 %)',
      ...results.map((r) => `${r.memory.growth_from_start_pct} % / ${r.memory.growth_after_warm_up_pct} %`),
    ],
    [
      'disk start → end MB (PGlite: data directory; PostgreSQL: database)',
      ...results.map((r) => {
        const size = (at: { database_mb?: number; data_dir_mb?: number }) => at.database_mb ?? at.data_dir_mb;
        return `${size(r.disk.start)} → ${size(r.disk.end)}`;
      }),
    ],
    [
      'bench event loop p99 / max ms',
      ...results.map((r) => `${r.bench_event_loop.p99_ms} / ${r.bench_event_loop.max_ms}`),
    ],
  ];
  const kinds = [...new Set(results.flatMap((r) => Object.keys(r.hostile.by_kind)))];
  for (const kind of kinds) {
    rows.push([
      kind,
      ...results.map((r) => {
        const entry = r.hostile.by_kind[kind];
        return entry
          ? `${Object.entries(entry.answers)
              .map(([answer, count]) => `${answer}: ${count}`)
              .join(', ')} (p99 ${entry.p99_ms} ms)`
          : '-';
      }),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) console.warn(row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | '));
}

function tail(entry: { p50_ms: number | null; p95_ms: number | null; p99_ms: number | null } | undefined): string {
  return entry ? `${entry.p50_ms} / ${entry.p95_ms} / ${entry.p99_ms}` : '-';
}

const only = args.engine ?? process.env.BENCH_ENGINE;
const engines = (adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  (engine) => !only || engine === only,
);
const results: Result[] = [];
const date = new Date().toISOString().slice(0, 10);
mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
for (const engine of engines) {
  const result = await benchEngine(engine);
  results.push(result);
  // the default run keeps the plain name; shorter or differently mixed runs say how they differ
  const variant = DURATION_S === 300 && HOSTILE_PER_S === 4 ? '' : `-${DURATION_S}s-${HOSTILE_PER_S}-hostile-per-s`;
  const file = join(REPO_ROOT, 'bench/results', `abuse-${engine}-${date}${variant}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.warn(`wrote ${file}`);
}
printTable(results);
