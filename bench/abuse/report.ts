import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { REPO_ROOT } from '@sciai/server';
import type { CacheSize, DumpOutcome } from './attacks.ts';
import type { DiskSize, MemorySample, PostgresBackends, ProcessCpu, ProcessMemory } from './server.ts';
import type { HealthAnswer, VisitorError } from './traffic.ts';

/** What one engine's run measured, turned into the result file and the table on the console. */

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1)) : null;
  return { count: sorted.length, p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99), max_ms: at(1) };
}

/** RSS growth is judged from here on: the first minute (or half a shorter run) fills caches and pools. */
export const WARM_UP_S = 60;

export interface Measurements {
  engine: 'pglite' | 'postgres';
  elapsed_s: number;
  visitors: number;
  hostile_per_s: number;
  startup_s: number;
  load_start: number[];
  load_end: number[];
  normal: Map<string, { ms: number[]; statuses: Map<string, number> }>;
  normalErrors: VisitorError[];
  health: HealthAnswer[];
  healthFailures: Array<{ at_s: number; status: number; error?: string; body?: string }>;
  databasePing: number[];
  gatewayLoop: { p99_ms: number; max_ms: number } | undefined;
  hostile: {
    sent: number;
    skipped: number;
    byKind: Map<string, { ms: number[]; answers: Map<string, number> }>;
  };
  server: {
    exits: Array<{ code: number | null; signal: string | null; atS: number }>;
    warnings: Map<string, number>;
    stderr: string[];
  };
  memory: MemorySample[];
  treeAtStart: ProcessMemory[];
  treeAtEnd: ProcessMemory[];
  /** the server's Node flags (npm start's, or BENCH_SERVER_NODE_FLAGS) */
  serverNodeFlags: string[];
  /** CPU seconds the server process used during the load, in all and by thread */
  serverCpu: ProcessCpu | undefined;
  postgres_start: PostgresBackends | undefined;
  postgres_end: PostgresBackends | undefined;
  disk_start: DiskSize;
  disk_end: DiskSize;
  benchLoop: { p99_ms: number; max_ms: number };
  attack: {
    quiet_s: number;
    phases: ReturnType<typeof phaseReport>;
    floods: Array<{ name: string; sent: number; skipped: number; answers: Record<string, number> }>;
    dump: DumpOutcome | undefined;
    search_cache: { before: CacheSize; after: CacheSize | undefined };
  };
}

/**
 * The visitors' latency before the attack began (the first `quietCounts` answers of each request)
 * and after, and the ratio of the two p95s: what the attack cost the people using the site.
 */
export function phaseReport(byRequest: Map<string, { ms: number[] }>, quietCounts: Map<string, number>) {
  const quiet: number[] = [];
  const attacked: number[] = [];
  for (const [name, entry] of byRequest) {
    const boundary = quietCounts.get(name) ?? 0;
    quiet.push(...entry.ms.slice(0, boundary));
    attacked.push(...entry.ms.slice(boundary));
  }
  const quietTail = percentiles(quiet);
  const attackedTail = percentiles(attacked);
  return {
    quiet: quietTail,
    under_attack: attackedTail,
    p95_ratio:
      quietTail.p95_ms && attackedTail.p95_ms ? Number((attackedTail.p95_ms / quietTail.p95_ms).toFixed(2)) : null,
  };
}

export function engineReport(m: Measurements) {
  const allNormal = [...m.normal.values()].flatMap((entry) => entry.ms);
  const first = m.memory[0]!;
  const last = m.memory.at(-1)!;
  // After the warm-up (caches and pools filled): growth from there is what a leak shows.
  const warmUpS = Math.min(WARM_UP_S, m.elapsed_s / 2);
  const warmed = m.memory.find((sample) => sample.at_s >= warmUpS) ?? first;
  const growth = (from: MemorySample) => Number((((last.total_mb - from.total_mb) / from.total_mb) * 100).toFixed(1));
  const healthMs = m.health.map((entry) => entry.ms);
  const judgedBy: Record<string, number> = {};
  for (const answer of m.health) {
    const key = answer.postgrest_checked ?? 'not said';
    judgedBy[key] = (judgedBy[key] ?? 0) + 1;
  }
  return {
    engine: m.engine,
    machine: `${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version}`,
    date: new Date().toISOString(),
    // others' uncommitted server changes are measured too: say which tree this was
    tree: gitTree(),
    duration_s: m.elapsed_s,
    visitors: m.visitors,
    hostile_per_s: m.hostile_per_s,
    server_node_flags: m.serverNodeFlags,
    startup_s: m.startup_s,
    load_average_start: m.load_start,
    load_average_end: m.load_end,
    normal: {
      requests: allNormal.length,
      requests_per_s: Math.round(allNormal.length / m.elapsed_s),
      // the server process's CPU per visitor request (hostile and /healthz requests ride along)
      server_cpu_s: m.serverCpu,
      server_cpu_ms_per_request:
        m.serverCpu === undefined ? undefined : Number(((m.serverCpu.total_s * 1000) / allNormal.length).toFixed(2)),
      ...percentiles(allNormal),
      errors: m.normalErrors.length,
      first_errors: m.normalErrors.slice(0, 10),
      by_request: Object.fromEntries(
        [...m.normal].map(([name, entry]) => [
          name,
          { ...percentiles(entry.ms), statuses: Object.fromEntries(entry.statuses) },
        ]),
      ),
    },
    healthz: {
      ...percentiles(healthMs),
      not_200: m.health.filter((entry) => entry.status !== 200).length,
      first_not_200: m.healthFailures,
      database_ping: percentiles(m.databasePing),
      // PostgREST judged by its recent answers to visitors, or by asking its admin /ready
      postgrest_checked: judgedBy,
      gateway_event_loop_since_start: m.gatewayLoop,
    },
    hostile: {
      sent: m.hostile.sent,
      skipped_with_8_in_flight: m.hostile.skipped,
      by_kind: Object.fromEntries(
        [...m.hostile.byKind].map(([name, entry]) => [
          name,
          { answers: Object.fromEntries(entry.answers), ...percentiles(entry.ms) },
        ]),
      ),
    },
    server: {
      exits_during_run: [...m.server.exits],
      postgrest_alive_at_end: last.postgrest_alive,
      postgrest_lost_during_run: m.memory.some((sample) => !sample.postgrest_alive),
      warnings_logged: [...m.server.warnings].map(([line, count]) => ({ count, line })).slice(0, 20),
      stderr: m.server.stderr,
    },
    memory: {
      process_tree_at_start: m.treeAtStart,
      process_tree_at_end: m.treeAtEnd,
      start_total_mb: first.total_mb,
      warmed_total_mb: warmed.total_mb,
      warmed_at_s: warmed.at_s,
      end_total_mb: last.total_mb,
      peak_total_mb: Math.max(...m.memory.map((sample) => sample.total_mb)),
      growth_from_start_pct: growth(first),
      growth_after_warm_up_pct: growth(warmed),
      // the highest sample after warm-up: a full collection just before the end can hide growth
      peak_growth_after_warm_up_pct: Number(
        (
          ((Math.max(...m.memory.filter((sample) => sample.at_s >= warmed.at_s).map((sample) => sample.total_mb)) -
            warmed.total_mb) /
            warmed.total_mb) *
          100
        ).toFixed(1),
      ),
      // the part of the growth that is PGlite's WebAssembly memory
      largest_mapping_warmed_to_end_mb: [warmed.largest_mapping_mb, last.largest_mapping_mb],
      postgres_backends_start: m.postgres_start,
      postgres_backends_end: m.postgres_end,
      samples: m.memory,
    },
    disk: { start: m.disk_start, end: m.disk_end, peak_pg_wal_mb: peakOf(m.memory.map((s) => s.pg_wal_mb)) },
    attack: m.attack,
    bench_event_loop: m.benchLoop,
  };
}

function peakOf(values: Array<number | undefined>): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length ? Math.max(...known) : undefined;
}

function gitTree(): { commit: string; uncommitted_server_files: number } {
  const git = (...gitArgs: string[]) =>
    spawnSync('git', gitArgs, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommitted_server_files: git('status', '--porcelain', '--', 'server/src').split('\n').filter(Boolean).length,
  };
}

export type Result = ReturnType<typeof engineReport>;

export function printTable(results: Result[]) {
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
    [
      'visitors p95 quiet → under attack ms (ratio ≤ 1.5)',
      ...results.map(
        ({ attack: { phases } }) =>
          `${phases.quiet.p95_ms} → ${phases.under_attack.p95_ms} (${phases.p95_ratio ?? '-'})`,
      ),
    ],
    [
      'backup during the attack: exit, s, MB',
      ...results.map(({ attack: { dump } }) =>
        dump ? `${dump.exit_code}, ${dump.duration_s} s, ${(dump.bytes / 1e6).toFixed(1)} MB` : 'not run',
      ),
    ],
    [
      'search cache rows (MB) before → after',
      ...results.map(({ attack: { search_cache: cache } }) => {
        const size = (at: CacheSize | undefined) =>
          at ? `${at.rows}${at.bytes === undefined ? '' : ` (${(at.bytes / 1048576).toFixed(1)})`}` : '-';
        return `${size(cache.before)} → ${size(cache.after)}`;
      }),
    ],
    ['search_items p50 / p95 / p99 ms', ...results.map((r) => tail(r.normal.by_request.search_items))],
    [
      '/healthz p50 / p99 / max ms (p99 ≤ 100)',
      ...results.map((r) => `${r.healthz.p50_ms} / ${r.healthz.p99_ms} / ${r.healthz.max_ms}`),
    ],
    ['/healthz not 200', ...results.map((r) => String(r.healthz.not_200))],
    [
      '/healthz judged PostgREST by',
      ...results.map((r) =>
        Object.entries(r.healthz.postgrest_checked)
          .map(([how, count]) => `${how}: ${count}`)
          .join(', '),
      ),
    ],
    ['/healthz database ping p50 / p95 / p99 ms', ...results.map((r) => tail(r.healthz.database_ping))],
    ['server exits (target 0)', ...results.map((r) => String(r.server.exits_during_run.length))],
    ['PostgREST lost', ...results.map((r) => String(r.server.postgrest_lost_during_run))],
    [
      'RSS tree start → warmed → end MB',
      ...results.map((r) => `${r.memory.start_total_mb} → ${r.memory.warmed_total_mb} → ${r.memory.end_total_mb}`),
    ],
    [
      'RSS growth from start / after warm-up, at its peak (< 10 %)',
      ...results.map(
        (r) =>
          `${r.memory.growth_from_start_pct} % / ${r.memory.growth_after_warm_up_pct} %, ${r.memory.peak_growth_after_warm_up_pct} %`,
      ),
    ],
    [
      'largest mapping (PGlite: its WebAssembly memory) warmed → end MB',
      ...results.map((r) => r.memory.largest_mapping_warmed_to_end_mb.join(' → ')),
    ],
    ['PGlite pg_wal peak MB', ...results.map((r) => String(r.disk.peak_pg_wal_mb ?? '-'))],
    [
      'disk start → end MB (PGlite: data directory; PostgreSQL: database)',
      ...results.map((r) => {
        const size = (at: DiskSize) => ('database_mb' in at ? at.database_mb : at.data_dir_mb);
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
  const floods = [...new Set(results.flatMap((r) => r.attack.floods.map((flood) => flood.name)))];
  for (const name of floods) {
    rows.push([
      name,
      ...results.map((r) => {
        const flood = r.attack.floods.find((entry) => entry.name === name);
        return flood
          ? `${Object.entries(flood.answers)
              .map(([answer, count]) => `${answer}: ${count}`)
              .join(', ')}${flood.skipped ? ` (${flood.skipped} not sent: too many in flight)` : ''}`
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
