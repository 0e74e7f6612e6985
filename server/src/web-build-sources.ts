import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './config.ts';

/** What the web app's build is made of. */
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'core/src', 'vite.config.ts'];
/** The built page, written last of web/dist's files by Vite's build. */
export const BUILT_INDEX = join(REPO_ROOT, 'web/dist/index.html');

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

/** Whether web/dist was built after the last change to any of the web app's sources. */
export function webBuildIsCurrent(): boolean {
  const builtAt = existsSync(BUILT_INDEX) ? statSync(BUILT_INDEX).mtimeMs : 0;
  return builtAt >= Math.max(...SOURCES.map((source) => newestChange(join(REPO_ROOT, source))));
}
