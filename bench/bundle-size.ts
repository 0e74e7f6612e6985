/**
 * The JavaScript a browser loads before each kind of page is interactive, gzipped, from the
 * production build's manifest: the entry chunk, the page's lazily loaded chunk, and everything
 * they import statically; and the same plus supabase-js, for pages that wait for their data. Usage: npm run build && node bench/bundle-size.ts, or for a build
 * elsewhere: vite build --outDir /tmp/x --emptyOutDir && BUNDLE_DIST=/tmp/x node bench/bundle-size.ts
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

const dist = process.env.BUNDLE_DIST ?? join(REPO_ROOT, 'web/dist');
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

/*
 * supabase-js is imported dynamically, right after the first render (web/src/data/supabase-client.ts).
 * A detail page paints from the item the gateway embeds in its HTML, so it does not wait for it;
 * a page that reads its content through the client first (browse, compare, library …) does, and
 * for those the second column is the one to read.
 */
const client = Object.keys(manifest).find((key) => /^_supabase-[\w-]+\.js$/.test(key));
if (!client) throw new Error('no supabase-js chunk in the manifest (vite.config.ts names it)');

const kb = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gzipped(key), 0) / 1024;
const pages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && key.includes('pages/'));
const rows = [
  { page: '(entry only)', keys: staticClosure(entry) },
  ...pages.map((page) => ({ page, keys: staticClosure(page, staticClosure(entry)) })),
];
console.warn(`${'page'.padEnd(48)} ${'static'.padStart(10)} ${'+ supabase-js'.padStart(16)}`);
for (const row of rows) {
  const withClient = kb(staticClosure(client, new Set(row.keys)));
  console.warn(
    `${row.page.padEnd(48)} ${`${kb(row.keys).toFixed(1)} KB`.padStart(10)} ${`${withClient.toFixed(1)} KB`.padStart(16)}`,
  );
}
console.warn('gzipped; "static": the entry, the page chunk and their static imports');
