import { randomInt } from 'node:crypto';
/**
 * Start-up time of the embedded backend and the per-request cost of each hop of the
 * gateway → PostgREST → database path. Usage:
 *   npm run bench                       # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # + PostgreSQL
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildGateway, startBackend, REPO_ROOT } from '@sciai/server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const QUERY = 'content_items?select=id,slug,title&status=eq.published&order=trending_score.desc&limit=20';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = { hop: label, p50_ms: percentile(times, 50).toFixed(2), p95_ms: percentile(times, 95).toFixed(2) };
  console.warn(JSON.stringify(row));
  return row;
}

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `sciai-bench-${engine}-`));
  let scratch: string | undefined;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    scratch = `sciai_bench_${Date.now()}`;
    await admin.query(`create database ${scratch}`);
    await admin.end();
  }
  const url = scratch ? Object.assign(new URL(databaseUrl!), { pathname: `/${scratch}` }).toString() : undefined;

  let started = performance.now();
  let backend = await startBackend({ dataDir, databaseUrl: url });
  const coldStart = performance.now() - started;
  await backend.stop();
  started = performance.now();
  backend = await startBackend({ dataDir, databaseUrl: url });
  const warmStart = performance.now() - started;

  const gateway = await buildGateway({
    backend,
    publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
    webDist: join(REPO_ROOT, 'web/dist'),
    logLevel: 'warn',
    // Visitors come through a proxy on this machine, each with an address of its own, so every
    // request pays the rate limit's counting as a visitor's does (and none reaches its limit).
    trustProxy: ['loopback'],
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const address = gateway.server.address();
  const gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const key = backend.secrets.anonKey;
  const headers = { apikey: key, authorization: `Bearer ${key}` };

  console.warn(JSON.stringify({ engine, cold_start_ms: Math.round(coldStart), warm_start_ms: Math.round(warmStart) }));
  const sql = `select id, slug, title from public.content_items where status = 'published' order by trending_score desc limit 20`;
  await measure(`${engine}: database (pg client)`, () => backend.db.pool.query(sql));
  await measure(`${engine}: PostgREST direct`, () =>
    // over its unix socket, as the gateway reaches it
    backend.postgrest.request(`/${QUERY}`, headers),
  );
  await measure(`${engine}: gateway → PostgREST → database`, () =>
    fetch(`${gatewayUrl}/rest/v1/${QUERY}`, {
      headers: { ...headers, 'x-forwarded-for': `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}` },
    }).then((r) => r.arrayBuffer()),
  );

  await gateway.close();
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database ${scratch} with (force)`);
    await admin.end();
  }
}

await benchEngine('pglite');
if (process.env.BENCH_DATABASE_URL) await benchEngine('postgres', process.env.BENCH_DATABASE_URL);
