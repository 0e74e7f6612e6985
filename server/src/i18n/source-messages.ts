import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { extractMessages } from '@sciai/core/i18n-extract';
import { REPO_ROOT } from '../config.ts';

/** The code whose messages users see: the web app, the server (pages, e-mails) and core. */
export const MESSAGE_SOURCE_DIRS = ['web/src', 'server/src', 'core/src'];

/** Every message the interface shows, with where it is written (`file:line`, repository-relative). */
export function sourceMessages(root = REPO_ROOT): Map<string, string[]> {
  const messages = new Map<string, string[]>();
  for (const dir of MESSAGE_SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      for (const found of extractMessages(file, readFileSync(file, 'utf8'))) {
        const where = `${relative(root, file)}:${found.line}`;
        messages.set(found.message, [...(messages.get(found.message) ?? []), where]);
      }
    }
  }
  return messages;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('node_modules'));
}
