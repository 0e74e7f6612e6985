/**
 * The search bench's cold pass, replayed head to head: the 40 request bodies of
 * `npm run bench` (search-at-scale.ts), each as a first run (search cache emptied before every
 * call), against two catalogs in turn — A then B for one body, B then A for the next — so that
 * both see the same machine load. Every answer of B is compared with A's. Usage:
 *   node bench/search-cold-replay.ts <A> <B> [rounds]
 * where A and B are PostgreSQL connection strings or kept PGlite data directories
 * (BENCH_SCRATCH). Nothing is migrated: each catalog runs the SQL it holds. Each round opens new
 * connections, as a freshly started server does (so per-session plans are paid again).
 * Besides wall time it reports CPU time, which a busy machine inflates far less: PostgreSQL's
 * backend process (from /proc), or, for PGlite, this process's (its worker thread runs the query
 * while the rest of the process waits for it).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/src/database/engine.ts';
import { SEARCH_BODIES } from './search-bodies.ts';

const [targetA, targetB, roundsArgument] = process.argv.slice(2);
if (!targetA || !targetB) throw new Error('usage: node bench/search-cold-replay.ts <A> <B> [rounds]');
const rounds = Number(roundsArgument ?? 3);

const open = (target: string): Promise<Database> =>
  /^postgres(ql)?:\/\//.test(target) ? openPostgres(target) : openPglite(`${target}/pglite`);

type Side = { client: pg.PoolClient; cpuMs: () => number };

async function connect(database: Database): Promise<Side> {
  const client = await database.pool.connect();
  if (database.engine === 'pglite') {
    return {
      client,
      cpuMs: () => {
        const usage = process.cpuUsage();
        return (usage.user + usage.system) / 1000;
      },
    };
  }
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second)
  const stat = `/proc/${rows[0]!.pid}/stat`;
  return {
    client,
    cpuMs: () => {
      const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
  };
}

async function firstRun(
  { client, cpuMs }: Side,
  body: Record<string, unknown>,
): Promise<{ ms: number; cpu: number; result: unknown }> {
  await client.query('truncate public.search_cache');
  const cpuBefore = cpuMs();
  const begin = performance.now();
  const { rows } = await client.query<{ result: unknown }>(
    `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
                                organization_sizes => $5) as result`,
    [
      body.search ?? '',
      body.domains ?? [],
      body.content_types ?? [],
      body.features ?? [],
      body.organization_sizes ?? [],
    ],
  );
  const ms = performance.now() - begin;
  return { ms, cpu: cpuMs() - cpuBefore, result: rows[0]!.result };
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1));
  return { runs: sorted.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
};

const databases = { A: await open(targetA), B: await open(targetB) };
const times: Record<'A' | 'B', number[]> = { A: [], B: [] };
const cpu = { A: 0, B: 0 };
const byTerm = new Map<string, Record<'A' | 'B', number[]>>();
let differences = 0;
const loads: number[] = [];
for (let round = 0; round < rounds; round++) {
  const sides = { A: await connect(databases.A), B: await connect(databases.B) };
  loads.push(loadavg()[0]!);
  for (const [index, body] of SEARCH_BODIES.entries()) {
    const order: Array<'A' | 'B'> = (index + round) % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    const answers: Partial<Record<'A' | 'B', unknown>> = {};
    for (const side of order) {
      const { ms, cpu: cpuUsed, result } = await firstRun(sides[side], body);
      times[side].push(ms);
      cpu[side] += cpuUsed;
      const term = String(body.search);
      if (!byTerm.has(term)) byTerm.set(term, { A: [], B: [] });
      byTerm.get(term)![side].push(ms);
      answers[side] = result;
    }
    if (JSON.stringify(answers.A) !== JSON.stringify(answers.B)) {
      differences++;
      console.warn(`different answers for ${JSON.stringify(body)}`);
    }
  }
  sides.A.client.release(true);
  sides.B.client.release(true);
}
loads.push(loadavg()[0]!);
await databases.A.close();
await databases.B.close();

const report = {
  A: { ...summary(times.A), cpu_ms_per_run: Number((cpu.A / times.A.length).toFixed(1)) },
  B: { ...summary(times.B), cpu_ms_per_run: Number((cpu.B / times.B.length).toFixed(1)) },
  per_term_p50: Object.fromEntries(
    [...byTerm].map(([term, t]) => [term, { A: summary(t.A).p50_ms, B: summary(t.B).p50_ms }]),
  ),
  different_answers: differences,
  load_average_1min: loads.map((load) => Number(load.toFixed(1))),
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
