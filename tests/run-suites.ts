/**
 * `npm test`'s test run. Each integration project's files run one at a time against the
 * project's own backend, and so do the end-to-end files against theirs: mostly waiting on those
 * backends and the browser. Vitest runs such projects one after another, so this runs them in
 * vitest processes side by side (end-to-end; PostgreSQL's integration run; unit then PGlite's
 * integration run), and fails if any fails. Each uses about one core at most, mostly less. Every backend is a
 * copy of a database template (tests/support/database-templates.ts), built first.
 */
import { spawn } from 'node:child_process';
import { pgliteTemplate, postgresTemplate } from './support/database-templates.ts';

const groups = [
  ['e2e'],
  ...(process.env.TEST_DATABASE_URL ? [['integration:postgres']] : []),
  ['unit', 'integration:pglite'],
];

// Both processes copy their databases from the same templates: build them before either starts,
// rather than have one wait on the other's build.
await pgliteTemplate('seeded');
if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL, 'seeded');

const codes = await Promise.all(
  groups.map(
    (projects) =>
      new Promise<number>((resolve) => {
        const child = spawn('vitest', ['run', ...projects.flatMap((project) => ['--project', project])], {
          stdio: 'inherit',
        });
        child.once('error', (error) => {
          console.error(`vitest ${projects.join(', ')}: ${error.message}`);
          resolve(1);
        });
        child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
process.exitCode = Math.max(...codes);
