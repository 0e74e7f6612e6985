/**
 * The JavaScript a browser loads before each kind of page is interactive, gzipped, from the
 * production build's manifest: the entry chunk, the page's lazily loaded chunk, and everything
 * they import statically. Usage: npm run build && node bench/bundle-size.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '@sciai/server';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const dist = join(REPO_ROOT, 'web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dependency of manifest[key]?.imports ?? []) staticClosure(dependency, into);
  return into;
}

const gzipped = (key: string) => gzipSync(readFileSync(join(dist, manifest[key]!.file))).length;
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');

const pages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && key.includes('pages/'));
const rows = [
  { page: '(entry only)', kb: [...staticClosure(entry)].reduce((sum, key) => sum + gzipped(key), 0) / 1024 },
  ...pages.map((page) => {
    const keys = staticClosure(page, staticClosure(entry));
    return { page, kb: [...keys].reduce((sum, key) => sum + gzipped(key), 0) / 1024 };
  }),
];
for (const row of rows) console.warn(`${row.page.padEnd(48)} ${row.kb.toFixed(1).padStart(7)} KB gzipped`);
