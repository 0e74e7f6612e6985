/**
 * Harvest at 10,000 OpenAlex works: the works (made from the OpenAlex fixtures, each with its own
 * DOI, id, title and authors) are served by the local source fixture server in pages of 200 with
 * cursor paging, and `sciai harvest openalex` (a real child process, through the polite HTTP
 * layer) writes them to the moderation queue of a scratch embedded backend running as
 * `npm start` does (PGlite; PostgreSQL too when BENCH_DATABASE_URL is set). The baseline in the
 * same run is the source side alone: the same pages fetched and mapped in this process, writing
 * nothing. Usage:
 *   npm run bench:harvest
 *   BENCH_WORKS=2000 npm run bench:harvest        # a quicker run
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:harvest
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createSourceAdapter, mergePage } from '@sciai/core/sources';
import { loadOrCreateSecrets } from '@sciai/server';
import { createScratchDatabase } from '../tests/support/backend.ts';
import { startSourceFixtureServer, type FixtureRequest } from '../tests/support/source-fixture-server.ts';
import { CHECKOUT_ROOT } from './checkout.ts';
import { processCpuSeconds, runToEnd, servingUrl, spawnServer, stopServer } from './server-process.ts';

const WORKS = Number(process.env.BENCH_WORKS ?? 10_000);
const PER_PAGE = 200;
const adminUrl = process.env.BENCH_DATABASE_URL;
const NODE = join(CHECKOUT_ROOT, 'node_modules/.bin/node');
const work = mkdtempSync(join(tmpdir(), 'sciai-bench-harvest-'));

const WorkListSchema = z.object({ results: z.array(z.record(z.string(), z.unknown())) });
const templates = [
  ...WorkListSchema.parse(
    JSON.parse(readFileSync(join(CHECKOUT_ROOT, 'fixtures/sources/openalex/works-page-1.json'), 'utf8')),
  ).results,
  ...WorkListSchema.parse(
    JSON.parse(readFileSync(join(CHECKOUT_ROOT, 'fixtures/sources/openalex/works-page-2.json'), 'utf8')),
  ).results,
].filter((template) => template.is_retracted !== true && typeof template.doi === 'string');

/** Work n: a template with its own identifiers, title and first author. */
function benchWork(n: number): Record<string, unknown> {
  const template = templates[n % templates.length]!;
  const authorships = Array.isArray(template.authorships) ? template.authorships : [];
  return {
    ...template,
    id: `https://openalex.org/W9${String(n).padStart(9, '0')}`,
    doi: `https://doi.org/10.5555/bench.harvest.${n}`,
    ids: {},
    locations: [],
    title: `${String(template.title)} (bench ${n})`,
    display_name: `${String(template.title)} (bench ${n})`,
    authorships: [
      { author: { display_name: `Bench Author ${n % 2000}` }, institutions: [{ display_name: 'Bench Institute' }] },
      ...authorships,
    ],
  };
}

function page(cursor: string | null): { meta: Record<string, unknown>; results: Record<string, unknown>[] } {
  const start = cursor === null || cursor === '*' ? 0 : Number(cursor);
  const results = Array.from({ length: Math.max(0, Math.min(PER_PAGE, WORKS - start)) }, (_, i) =>
    benchWork(start + i),
  );
  const next = start + PER_PAGE < WORKS ? String(start + PER_PAGE) : null;
  return { meta: { count: WORKS, per_page: PER_PAGE, next_cursor: next }, results };
}

const sources = await startSourceFixtureServer({
  handlers: {
    openalex: (request: FixtureRequest) =>
      request.url.pathname === '/works'
        ? { status: 200, body: page(request.url.searchParams.get('cursor')) }
        : undefined,
  },
});

async function sourceBaseline() {
  const started = performance.now();
  const adapter = createSourceAdapter(
    'openalex',
    { search: 'bench', perPage: PER_PAGE },
    { fetch: (url, init) => fetch(url, init), baseUrls: { openalex: sources.baseUrl('openalex') } },
  );
  let cursor: string | null = null;
  let items = 0;
  do {
    const next = await adapter.nextPage(cursor);
    items += mergePage(await Promise.all(next.records.map((record) => adapter.map(record)))).items.length;
    cursor = next.nextCursor;
  } while (cursor !== null);
  return { items, ms: Math.round(performance.now() - started) };
}

const HarvestReportSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  added: z.number(),
  pages: z.number(),
});

async function benchEngine(engine: 'pglite' | 'postgres') {
  const dataDir = join(work, `data-${engine}`);
  mkdirSync(dataDir);
  const scratch =
    engine === 'postgres' && adminUrl ? await createScratchDatabase(adminUrl, 'sciai_bench_harvest') : undefined;
  const server = spawnServer({ node: NODE, dataDir, databaseUrl: scratch?.url });
  try {
    const url = await servingUrl(server);
    const { serviceRoleKey } = await loadOrCreateSecrets(dataDir);
    const cpuBefore = processCpuSeconds(server.pid);
    const started = performance.now();
    const cli = await runToEnd(
      NODE,
      [
        join(CHECKOUT_ROOT, 'cli/src/sciai.ts'),
        'harvest',
        'openalex',
        '--search',
        'bench',
        '--per-page',
        String(PER_PAGE),
        '--json',
      ],
      {
        ...process.env,
        SUPABASE_URL: url,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        OPENALEX_BASE_URL: sources.baseUrl('openalex'),
        NO_COLOR: '1',
      },
    );
    const wallMs = Math.round(performance.now() - started);
    const serverCpu = processCpuSeconds(server.pid) - cpuBefore;
    const report = HarvestReportSchema.parse(JSON.parse(cli.stdout));
    if (!report.ok) throw new Error(`harvest failed: ${report.error}`);
    return {
      engine,
      works: WORKS,
      added: report.added,
      pages: report.pages,
      harvest_wall_ms: wallMs,
      works_per_s: Math.round((WORKS / wallMs) * 1000),
      // The server's CPU time (gateway, PostgREST is another process, PGlite's worker thread):
      // what a busy machine does not inflate the way it does wall time.
      server_cpu_s: Number(serverCpu.toFixed(1)),
      load_average: Number(loadavg()[0]!.toFixed(1)),
    };
  } finally {
    await stopServer(server);
    await scratch?.drop();
  }
}

try {
  const baseline = await sourceBaseline();
  console.warn(`baseline: ${baseline.items} works fetched and mapped (no database) in ${baseline.ms} ms`);
  const engines: ('pglite' | 'postgres')[] = process.env.BENCH_ENGINE
    ? [process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite']
    : adminUrl
      ? ['pglite', 'postgres']
      : ['pglite'];
  for (const engine of engines) {
    const result = await benchEngine(engine);
    const target = engine === 'pglite' ? { target_ms: 15_000 } : {};
    process.stdout.write(`${JSON.stringify({ ...result, source_only_ms: baseline.ms, ...target })}\n`);
  }
} finally {
  await sources.close();
  rmSync(work, { recursive: true, force: true });
}
