import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './config.ts';
import { splitChildOutput } from './logging/child-output.ts';
import { createLogStream, parseLogFormat } from './logging/log-stream.ts';
import { webBuildIsCurrent } from './web-build-sources.ts';

/**
 * `npm start` builds the web app only when web/dist is missing or older than its sources, so a
 * fresh clone serves the site with one command and a restart costs nothing. It speaks as the
 * server does (readable on a terminal, JSON lines otherwise), with Vite's warnings as lines of
 * their own, so a log collector reading `npm start` gets nothing but log lines.
 */
if (!webBuildIsCurrent()) {
  const logStream = createLogStream(process.stdout, { format: parseLogFormat(process.env.LOG_FORMAT, process.stdout) });
  const log = (level: number, message: string, details: Record<string, unknown> = {}) =>
    logStream.write(JSON.stringify({ level, time: Date.now(), msg: message, ...details }));
  const started = performance.now();
  log(30, 'building the web app (its sources changed since the last build)');
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  const failed = result.status !== 0;
  for (const output of [result.stdout, result.stderr]) {
    const lines = splitChildOutput((line) => log(failed ? 50 : 40, line, { child: 'vite' }));
    if (output) lines.push(output);
    lines.end();
  }
  if (failed) {
    log(50, 'the web app did not build', { exit_code: result.status, signal: result.signal });
    process.exit(result.status ?? 1);
  }
  log(30, 'web app built', { ms: Math.round(performance.now() - started) });
}
