import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './config.ts';
import { webBuildIsCurrent } from './web-build-sources.ts';

/**
 * `npm start` builds the web app only when web/dist is missing or older than its sources, so a
 * fresh clone serves the site with one command and a restart costs nothing.
 */
if (!webBuildIsCurrent()) {
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
