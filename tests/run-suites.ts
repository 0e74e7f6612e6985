/**
 * `npm test` after the build: the type-check and lint (`npm run check`) and the test run, side by
 * side. Each integration project's files run one at a time against the project's own backend, and
 * so do the end-to-end files against theirs: mostly waiting on those backends and the browser.
 * Vitest runs such projects one after another, so this runs them in vitest processes side by side
 * (end-to-end; unit then PostgreSQL's integration run; PGlite's integration run, the longest),
 * each using at most about one core, and fails if any fails. Every backend is a copy of a database template
 * (tests/support/database-templates.ts), built first.
 */
import { spawn } from 'node:child_process';
import { pgliteTemplate, postgresTemplate } from './support/database-templates.ts';

const groups = [
  ['e2e'],
  ['unit', ...(process.env.TEST_DATABASE_URL ? ['integration:postgres'] : [])],
  ['integration:pglite'],
];

/** Runs a command with the terminal's output; resolves to its exit code. */
function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`${command} ${args.join(' ')}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The type-check and lint (one core) run beside the template builds (PGlite's is one core too).
const checked = run('npm', ['run', '--silent', 'check']);

// The processes copy their databases from the same templates: build them before any starts,
// rather than have one wait on another's build.
await pgliteTemplate('seeded');
if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL, 'seeded');

const codes = await Promise.all([
  checked,
  ...groups.map((projects) => run('vitest', ['run', ...projects.flatMap((project) => ['--project', project])])),
]);
process.exitCode = Math.max(...codes);
