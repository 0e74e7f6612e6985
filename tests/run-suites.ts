/**
 * `npm test` after the build: the type-check and lint (`npm run check`) and the test run, side by
 * side. Each integration project's files run one at a time against the project's own backend, and
 * so do the end-to-end files against theirs: mostly waiting on those backends and the browser, or,
 * on PGlite, on one thread running the database. So this runs them in vitest processes side by
 * side, each project in as many processes as SPLITS gives it, each process with its own backend.
 * The unit tests run in a process of their own. It fails if any process fails. Every backend is a
 * copy of a database template (tests/support/database-templates.ts), built first.
 *
 * Each project's files are dealt to its processes by their last durations (vitest's results
 * cache, node_modules/.vite/vitest), longest first to the least loaded process, so the processes
 * end together; a file without a recorded duration counts as a typical one.
 */
import { spawn } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_FILES, INTEGRATION_FILES } from '../vitest.config.ts';
import { pgliteTemplate } from './support/database-templates.ts';
import { postgresTemplate } from './support/postgres-templates.ts';
import { summarise, type ProcessOutcome } from './support/run-summary.ts';

/**
 * The niceness of every process but PGlite's. PGlite's run computes on one thread from start to
 * end and is the longest; at equal priority it got under half a core while the others ran, then
 * ran alone on an idle second core for minutes. Yielding to it keeps both cores busy to the end
 * (docs/decisions/0047-test-run-structure.md).
 */
const YIELDING = 5;

/**
 * How many processes share each project's files. One each on two cores: two each (seven vitest
 * processes with their own backends) made the whole run slower, 997 s against 627–749 s, and
 * slow enough under contention that files timed out (docs/decisions/0047-test-run-structure.md).
 */
const SPLITS: { project: string; files: string[]; processes: number; niceness: number }[] = [
  { project: 'e2e', files: E2E_FILES, processes: 1, niceness: YIELDING },
  { project: 'integration:pglite', files: INTEGRATION_FILES, processes: 1, niceness: 0 },
  ...(process.env.TEST_DATABASE_URL
    ? [{ project: 'integration:postgres', files: INTEGRATION_FILES, processes: 1, niceness: YIELDING }]
    : []),
];

/** The last duration (ms) vitest recorded for each file of each project. */
function recordedDurations(): Map<string, Map<string, number>> {
  const byProject = new Map<string, Map<string, number>>();
  for (const cache of globSync('node_modules/.vite/vitest/*/results.json')) {
    if (!existsSync(cache)) continue;
    let results: { projects?: Record<string, { files?: Record<string, { duration?: number }> }> };
    try {
      results = JSON.parse(readFileSync(cache, 'utf8'));
    } catch {
      continue; // being written by another run: the split is only a hint
    }
    for (const [project, { files = {} } = {}] of Object.entries(results.projects ?? {})) {
      const durations = byProject.get(project) ?? new Map<string, number>();
      for (const [file, { duration }] of Object.entries(files)) {
        if (typeof duration === 'number' && duration > 0) durations.set(file, duration);
      }
      byProject.set(project, durations);
    }
  }
  return byProject;
}

/** Deals files to `count` lists of about equal total duration (longest first, to the shortest list). */
function dealFiles(files: string[], durations: Map<string, number>, count: number): string[][] {
  const known = files
    .map((file) => durations.get(file))
    .filter((duration) => duration !== undefined)
    .sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)] ?? 1;
  const costs = files.map((file) => ({ file, cost: durations.get(file) ?? typical }));
  costs.sort((a, b) => b.cost - a.cost || a.file.localeCompare(b.file));
  const lists = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const { file, cost } of costs) {
    const shortest = lists.reduce((best, list) => (list.total < best.total ? list : best));
    shortest.files.push(file);
    shortest.total += cost;
  }
  return lists.map((list) => list.files.sort()).filter((list) => list.length > 0);
}

/** Seconds of CPU the whole machine has been busy for since boot (Linux; else undefined). */
function machineBusySeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    // user, nice, system, irq, softirq, steal, in clock ticks (100 a second)
    return [1, 2, 3, 6, 7, 8].reduce((sum, index) => sum + (fields[index] ?? 0), 0) / 100;
  } catch {
    return undefined;
  }
}

/** The user and system seconds on the second line of bash's `times` (its waited-for children). */
function childCpuSeconds(times: string): number {
  const line = times.trim().split('\n')[1] ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
}

/**
 * Runs a command with the terminal's output; resolves to its exit code, its wall and CPU time
 * (through bash's `times`, which counts every process the command waited for: vitest's workers,
 * PostgREST, Chromium) and, with `keep`, its output too (then passed through as it comes); at
 * `niceness` (nice(1)), which its children inherit.
 */
function run(
  command: string,
  args: string[],
  { keep = false, niceness = 0 }: { keep?: boolean; niceness?: number } = {},
): Promise<{ code: number; output: string; usage: ProcessOutcome['usage'] }> {
  return new Promise((resolve) => {
    let output = '';
    let times = '';
    const started = performance.now();
    const script = '"$@"; code=$?; times >&3; exit $code';
    const child = spawn('nice', ['-n', String(niceness), 'bash', '-c', script, 'bash', command, ...args], {
      stdio: keep ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['inherit', 'inherit', 'inherit', 'pipe'],
    });
    child.stdio[3]?.on('data', (chunk: Buffer) => (times += chunk.toString()));
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      stream?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        sink.write(chunk);
      });
    }
    child.once('error', (error) => {
      console.error(`${command} ${args.join(' ')}: ${error.message}`);
      resolve({ code: 1, output, usage: undefined });
    });
    child.once('close', (code, signal) => {
      const usage = { seconds: (performance.now() - started) / 1000, cpuSeconds: childCpuSeconds(times) };
      resolve({ code: code ?? (signal ? 1 : 0), output, usage });
    });
  });
}

const runStarted = { at: performance.now(), busy: machineBusySeconds() };
const durations = recordedDurations();
const groups: { args: string[]; niceness: number }[] = [{ args: ['--project', 'unit'], niceness: YIELDING }];
for (const { project, files, processes, niceness } of SPLITS) {
  const all = files.flatMap((pattern) => globSync(pattern)).sort();
  for (const list of dealFiles(all, durations.get(project) ?? new Map(), processes)) {
    // A file's path from the repository's root picks that file alone.
    groups.push({ args: ['--project', project, ...list], niceness });
  }
}

// The type-check and lint (one core) run beside the template builds (PGlite's is one core too).
const checked = run('npm', ['run', '--silent', 'check'], { keep: true, niceness: YIELDING });

// The processes copy their databases from the same templates: build them before any starts,
// rather than have one wait on another's build.
// Their cost is this process's own (PostgreSQL's share is its server's, counted by the machine).
const templatesStarted = performance.now();
await pgliteTemplate('seeded');
if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL, 'seeded');
const { user, system } = process.cpuUsage();
const templates: ProcessOutcome = {
  label: 'database templates, built or found (CPU: this runner, start-up included)',
  code: 0,
  usage: { seconds: (performance.now() - templatesStarted) / 1000, cpuSeconds: (user + system) / 1e6 },
};

// Each vitest process also writes a JSON report, for the summary of failures at the end.
const reports = mkdtempSync(join(tmpdir(), 'sciai-test-reports-'));
const vitestRuns = groups.map(async ({ args, niceness }, index): Promise<ProcessOutcome> => {
  const report = join(reports, `${index}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const { code, usage } = await run('vitest', ['run', ...args, ...reporters], { niceness });
  return { label: `vitest ${args.filter((arg) => !arg.includes('/')).join(' ')}`, code, report, usage };
});
const outcomes: ProcessOutcome[] = await Promise.all([
  templates,
  checked.then(({ code, output, usage }) => ({ label: 'npm run check', code, output, usage })),
  ...vitestRuns,
]);
const busyNow = machineBusySeconds();
process.stdout.write(
  `${summarise(outcomes, process.cwd(), {
    seconds: (performance.now() - runStarted.at) / 1000,
    machineCpuSeconds: busyNow !== undefined && runStarted.busy !== undefined ? busyNow - runStarted.busy : undefined,
    load: loadavg(),
  }).join('\n')}\n`,
);
rmSync(reports, { recursive: true, force: true });
process.exitCode = Math.max(...outcomes.map((outcome) => outcome.code));
