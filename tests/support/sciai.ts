import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from '@sciai/server';

const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
const CLI = join(REPO_ROOT, 'cli/src/sciai.ts');
const COMPILE_CACHE = join(REPO_ROOT, 'node_modules/.cache/sciai-node-compile');

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

/**
 * The real `sciai` as a user runs it: a child process on the pinned Node 24, without colour,
 * with only the target variables the test gives (never the developer's own).
 */
export function runSciai(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of TARGET_VARIABLES) delete inherited[name];
  // Node's on-disk compile cache (checked against each source) cuts a run's start from ~4 s to ~1 s here.
  const childEnv: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: COMPILE_CACHE, ...inherited, NO_COLOR: '1' };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, ...args], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
