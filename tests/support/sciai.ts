import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from '@sciai/server';
import { runCli } from '../../cli/src/program.ts';

const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
const CLI = join(REPO_ROOT, 'cli/src/sciai.ts');
/** The `sciai` bin as `npx sciai` starts it: a launcher that runs the CLI with its heap limits. */
const LAUNCHER = join(REPO_ROOT, 'cli/bin/sciai.js');
/**
 * Node's on-disk compile cache (checked against each source) for the Node processes tests start:
 * the CLI, a server (server/src/main.ts). It halves the CPU a start spends compiling modules.
 */
export const COMPILE_CACHE = join(REPO_ROOT, 'node_modules/.cache/sciai-node-compile');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Never let the developer's shell point a run at a hosted project, another database or data
 * directory, or a real mail server: a run gets only the targets its test passes.
 */
const TARGET_VARIABLES = [
  'FORCE_COLOR',
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'PUBLIC_URL',
  'SMTP_URL',
];

/** The environment a run sees: the test process's, minus the targets, plus the test's own, without colour. */
function runEnvironment(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of TARGET_VARIABLES) delete inherited[name];
  const runEnv: NodeJS.ProcessEnv = { ...inherited, NO_COLOR: '1' };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) runEnv[name] = value;
  return runEnv;
}

/**
 * `sciai` as a user runs it, in this process: the program's own entry (cli/src/program.ts, what
 * cli/src/sciai.ts calls) on the given words, with only the target variables the test gives,
 * output captured, and no standard input. A child process would pay Node's start and the loading
 * of every module again for each run; what only a real process shows (the binary, its exit code,
 * the wiring of its streams) is spawnSciai's to prove.
 *
 * The backend and gateway a command starts for itself read process.env (as in a real run), so it
 * is set to the run's environment for the run's duration; runs take turns.
 */
export function runSciai(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  if (args[0] === 'mcp') throw new Error('sciai mcp speaks over the process’s standard streams: use spawnSciai');
  const run = turn.then(() => runInProcess(args, env));
  turn = run.catch(() => {});
  return run;
}

let turn: Promise<unknown> = Promise.resolve();

async function runInProcess(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  const runEnv = runEnvironment(env);
  const saved = { ...process.env };
  replaceEnvironment(runEnv);
  try {
    const code = await runCli(args, {
      env: runEnv,
      stdout: sink((text) => (stdout += text)),
      stderr: sink((text) => (stderr += text)),
      stdin: Readable.from([]),
    });
    return { code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) };
  } finally {
    replaceEnvironment(saved);
  }
}

function replaceEnvironment(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

/**
 * The real `sciai` binary: a child process on the pinned Node 24, without colour, with only the
 * target variables the test gives (never the developer's own) and no standard input.
 */
export function spawnSciai(
  args: string[],
  env: Record<string, string | undefined>,
  options: { launcher?: boolean } = {},
): Promise<CliRun> {
  // The compile cache cuts a run's start from ~4 s to ~1 s here.
  const childEnv: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: COMPILE_CACHE, ...runEnvironment(env) };
  return new Promise((resolve, reject) => {
    const entry = options.launcher ? LAUNCHER : CLI;
    const child = spawn(NODE, [entry, ...args], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) }),
    );
  });
}
