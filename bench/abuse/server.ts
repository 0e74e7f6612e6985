import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '@sciai/server';

/** The server under test (as `npm start` runs it) and what it holds: memory and disk. */

const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
/**
 * The server's Node flags, read from `npm start` so the bench runs what it runs;
 * BENCH_SERVER_NODE_FLAGS replaces them (space-separated, empty for none) to measure what they do.
 */
export const SERVER_NODE_FLAGS =
  process.env.BENCH_SERVER_NODE_FLAGS !== undefined
    ? process.env.BENCH_SERVER_NODE_FLAGS.split(/\s+/).filter(Boolean)
    : ((
        JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
      ).scripts.start
        .split('&&')
        .map((command) => command.trim())
        .find((command) => command.endsWith('server/src/main.ts'))
        ?.split(/\s+/)
        .filter((part) => part.startsWith('--')) ?? []);

export interface Server {
  process: ChildProcess;
  base: string;
  postgrestPid: number | undefined;
  exits: Array<{ code: number | null; signal: string | null; atS: number }>;
  /** log lines at warn level or above, by message (the first 300 characters) */
  warnings: Map<string, number>;
  stderr: string[];
}

export async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  benchStarted: number,
): Promise<Server> {
  // the V8 flags `npm start` gives (package.json; docs/decisions/0053 and 0057)
  const child = spawn(NODE, [...SERVER_NODE_FLAGS, join(REPO_ROOT, 'server/src/main.ts')], {
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

/**
 * CPU seconds (user + system) the process has used, in all and by thread name (MainThread is the
 * gateway, WorkerThread PGlite's thread, V8Worker the garbage collector's and compiler's helpers,
 * libuv-worker the thread pool: compression, file system), from /proc/<pid>/task/<tid>/stat
 * (Linux, 100 ticks a second). With the requests served, the CPU a request costs, which a loaded
 * machine changes far less than the request rate.
 */
export interface ProcessCpu {
  total_s: number;
  by_thread_s: Record<string, number>;
}

export function processCpu(pid: number): ProcessCpu | undefined {
  try {
    const by_thread_s: Record<string, number> = {};
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
        by_thread_s[name] = (by_thread_s[name] ?? 0) + seconds;
        total += seconds;
      } catch {
        // a thread that ended in between
      }
    }
    return { total_s: total, by_thread_s };
  } catch {
    return undefined;
  }
}

/** What the process used between two readings. */
export function cpuBetween(start: ProcessCpu | undefined, end: ProcessCpu | undefined): ProcessCpu | undefined {
  if (!start || !end) return undefined;
  const round = (value: number) => Number(value.toFixed(1));
  return {
    total_s: round(end.total_s - start.total_s),
    by_thread_s: Object.fromEntries(
      Object.entries(end.by_thread_s).map(([name, seconds]) => [name, round(seconds - (start.by_thread_s[name] ?? 0))]),
    ),
  };
}

// --- memory of the server's process tree --------------------------------------------------------

export interface ProcessMemory {
  pid: number;
  name: string;
  rss_mb: number;
}

export function processTree(rootPid: number): ProcessMemory[] {
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

export interface MemorySample {
  at_s: number;
  total_mb: number;
  server_mb: number;
  /**
   * The server process's largest mapping: PGlite's WebAssembly memory (its shared buffers, work
   * memory and catalog caches; it never shrinks), the part of server_mb that is the database.
   */
  largest_mapping_mb: number | undefined;
  postgrest_mb: number;
  other_mb: number;
  postgrest_alive: boolean;
  /** PGlite: the data directory's tables and indexes and its write-ahead log, MB. */
  base_mb?: number;
  pg_wal_mb?: number;
}

export function memorySample(server: Server, atS: number, pgliteDataDir?: string): MemorySample {
  const tree = server.process.exitCode === null ? processTree(server.process.pid!) : [];
  const server_mb = tree.find((entry) => entry.pid === server.process.pid)?.rss_mb ?? 0;
  const postgrest_mb = tree.find((entry) => entry.pid === server.postgrestPid)?.rss_mb ?? 0;
  const total_mb = Math.round(tree.reduce((sum, entry) => sum + entry.rss_mb, 0) * 10) / 10;
  const disk = pgliteDataDir ? dataDirectoryMb(pgliteDataDir).by_part_mb : undefined;
  return {
    at_s: atS,
    total_mb,
    server_mb,
    largest_mapping_mb: server.process.exitCode === null ? largestMappingMb(server.process.pid!) : undefined,
    postgrest_mb,
    other_mb: Math.round((total_mb - server_mb - postgrest_mb) * 10) / 10,
    postgrest_alive: tree.some((entry) => entry.pid === server.postgrestPid),
    ...(disk ? { base_mb: disk.base ?? 0, pg_wal_mb: disk.pg_wal ?? 0 } : {}),
  };
}

/** The resident size of a process's largest mapping, from /proc/<pid>/smaps (Linux). */
function largestMappingMb(pid: number): number | undefined {
  try {
    let largest = 0;
    for (const match of readFileSync(`/proc/${pid}/smaps`, 'utf8').matchAll(/^Rss:\s+(\d+) kB/gm)) {
      largest = Math.max(largest, Number(match[1]));
    }
    return Math.round(largest / 102.4) / 10;
  } catch {
    return undefined;
  }
}

/**
 * MB on disk under the PGlite data directory (it grows with every write), in all and by the
 * database cluster's parts: tables and indexes (base), write-ahead log (pg_wal), the rest.
 */
export type DiskSize = { data_dir_mb: number; by_part_mb: Record<string, number> } | PostgresSize;
export type PostgresSize = { database_mb: number; search_cache_rows: number };
export type PostgresBackends = { connections: number; rss_mb: number };

export function dataDirectoryMb(path: string): { data_dir_mb: number; by_part_mb: Record<string, number> } {
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
export async function postgresSize(databaseUrl: string): Promise<PostgresSize> {
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
export async function postgresBackends(databaseUrl: string): Promise<PostgresBackends> {
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
