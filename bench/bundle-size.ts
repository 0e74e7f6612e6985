/**
 * The JavaScript a browser loads before each kind of page is interactive, gzipped, from the
 * production build's manifest: the entry chunk, the page's lazily loaded chunk, and everything
 * they import statically; plus the PostgREST client the entry starts loading at once for the
 * catalog's reads (what a visitor without a session waits for); and plus the rest of
 * supabase-js, which such a visitor loads only once the page is shown, but a signed-in visitor,
 * or a page that needs auth, waits for. Usage: npm run build && node bench/bundle-size.ts, or
 * for a build elsewhere: vite build --outDir /tmp/x --emptyOutDir && BUNDLE_DIST=/tmp/x node bench/bundle-size.ts
 */
import { join } from 'node:path';
import {
  entryKey,
  gzippedKb,
  namedChunkKey,
  pageDownload,
  readBuildManifest,
  REPO_ROOT,
  staticClosure,
} from '@sciai/server';

const dist = process.env.BUNDLE_DIST ?? join(REPO_ROOT, 'web/dist');
const manifest = readBuildManifest(dist);
if (!manifest) throw new Error(`no build manifest in ${dist}`);
const entry = entryKey(manifest);

/*
 * supabase-js is imported dynamically (web/src/data/supabase-client.ts), in two parts: its
 * PostgREST client, which the entry asks for at once for a visitor without a session (catalog
 * reads), and the rest (auth, realtime, storage), which such a visitor loads once the page is on
 * screen and the browser is idle. Browse and detail pages paint and answer from the data the
 * gateway embeds in their HTML; the "+ reads" column is what they wait for. A signed-in visitor
 * loads the whole client at once, and so does a page that needs auth (compare's and the
 * library's reads, sign-in): the last column.
 */
const client = namedChunkKey(manifest, 'supabase');

const kb = (keys: Set<string>) => gzippedKb(dist, manifest, keys);
const pages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && key.includes('pages/'));
const rows = [
  {
    page: '(entry only)',
    keys: staticClosure(manifest, entry),
    withReads: pageDownload(manifest, entry, ['postgrest']),
  },
  ...pages.map((page) => ({
    page,
    keys: pageDownload(manifest, page),
    withReads: pageDownload(manifest, page, ['postgrest']),
  })),
];
console.warn(`${'page'.padEnd(48)} ${'static'.padStart(10)} ${'+ reads'.padStart(10)} ${'+ supabase-js'.padStart(16)}`);
for (const row of rows) {
  const withClient = staticClosure(manifest, client, new Set(row.withReads));
  console.warn(
    `${row.page.padEnd(48)} ${`${kb(row.keys).toFixed(1)} KB`.padStart(10)} ${`${kb(row.withReads).toFixed(1)} KB`.padStart(10)} ${`${kb(withClient).toFixed(1)} KB`.padStart(16)}`,
  );
}
console.warn(
  'gzipped; "static": the entry, the page chunk and their static imports; "+ reads": and the PostgREST client (what a visitor without a session waits for); "+ supabase-js": and the whole client',
);
