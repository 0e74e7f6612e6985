/**
 * The JavaScript a browser loads before each kind of page is interactive, gzipped, from the
 * production build's manifest: the entry chunk, the page's lazily loaded chunk, and everything
 * they import statically; plus the PostgREST client the entry starts loading at once for the
 * catalog's reads (what a visitor without a session waits for); and plus the rest of
 * supabase-js, which such a visitor loads only once the page is shown, but a signed-in visitor,
 * or a page that needs auth, waits for. Usage: npm run build && node bench/bundle-size.ts, or
 * for a build elsewhere: vite build --outDir /tmp/x --emptyOutDir && BUNDLE_DIST=/tmp/x node bench/bundle-size.ts
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
 * supabase-js is imported dynamically (web/src/data/supabase-client.ts), in two parts: its
 * PostgREST client, which the entry asks for at once for a visitor without a session (catalog
 * reads), and the rest (auth, realtime, storage), which such a visitor loads once the page is on
 * screen and the browser is idle. Browse and detail pages paint and answer from the data the
 * gateway embeds in their HTML; the "+ reads" column is what they wait for. A signed-in visitor
 * loads the whole client at once, and so does a page that needs auth (compare's and the
 * library's reads, sign-in): the last column.
 */
const chunk = (name: string) => {
  const key = Object.keys(manifest).find((candidate) => new RegExp(`^_${name}-[\\w-]+\\.js$`).test(candidate));
  if (!key) throw new Error(`no ${name} chunk in the manifest (vite.config.ts names it)`);
  return key;
};
const reads = chunk('postgrest');
const client = chunk('supabase');

const kb = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gzipped(key), 0) / 1024;
const pages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && key.includes('pages/'));
const rows = [
  { page: '(entry only)', keys: staticClosure(entry) },
  ...pages.map((page) => ({ page, keys: staticClosure(page, staticClosure(entry)) })),
];
console.warn(`${'page'.padEnd(48)} ${'static'.padStart(10)} ${'+ reads'.padStart(10)} ${'+ supabase-js'.padStart(16)}`);
for (const row of rows) {
  const withReads = staticClosure(reads, new Set(row.keys));
  const withClient = staticClosure(client, new Set(withReads));
  console.warn(
    `${row.page.padEnd(48)} ${`${kb(row.keys).toFixed(1)} KB`.padStart(10)} ${`${kb(withReads).toFixed(1)} KB`.padStart(10)} ${`${kb(withClient).toFixed(1)} KB`.padStart(16)}`,
  );
}
console.warn(
  'gzipped; "static": the entry, the page chunk and their static imports; "+ reads": and the PostgREST client (what a visitor without a session waits for); "+ supabase-js": and the whole client',
);
