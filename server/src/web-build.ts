import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './config.ts';

/**
 * `npm start` builds the web app only when web/dist is missing or older than its sources, so a
 * fresh clone serves the site with one command and a restart costs nothing.
 */
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'core/src', 'vite.config.ts'];
const builtIndex = join(REPO_ROOT, 'web/dist/index.html');

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newestChange(join(REPO_ROOT, source))));
if (builtAt < sourcesAt) {
  process.stdout.write('Building the web app…\n');
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
