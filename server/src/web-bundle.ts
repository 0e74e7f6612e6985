import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the web app's production build is made of, from the manifest Vite writes beside it
 * (web/dist/.vite/manifest.json): which files a page loads before it runs, and their gzipped
 * size. The gateway lists a page's modules from it (gateway/seo/route-modules.ts), and
 * bench/bundle-size.ts and the download budget (web-bundle-budget.test.ts) measure with it.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The build's manifest; undefined for a build without one. */
export function readBuildManifest(dist: string): BuildManifest | undefined {
  const path = join(dist, '.vite/manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BuildManifest) : undefined;
}

/** A chunk and everything it imports statically, as manifest keys, added to `into`. */
export function staticClosure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dependency of manifest[key].imports ?? []) staticClosure(manifest, dependency, into);
  return into;
}

/** The manifest key of the app's entry (index.html). */
export function entryKey(manifest: BuildManifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  return entry;
}

/**
 * The manifest key of a chunk whose file keeps its name (`assets/<name>-<hash>.js`): the groups
 * vite.config.ts names (react, postgrest, supabase …); lazy chunks are named by their hash alone.
 */
export function namedChunkKey(manifest: BuildManifest, name: string): string {
  const file = new RegExp(`^assets/${name}-[\\w-]+\\.js$`);
  const key = Object.keys(manifest).find((candidate) => file.test(manifest[candidate]!.file));
  if (!key) throw new Error(`no ${name} chunk in the build manifest (vite.config.ts names it)`);
  return key;
}

/**
 * What a browser loads before a page runs: the entry, the page's chunk and everything they
 * import statically, and the named chunks the page also waits for (`['postgrest']`: the catalog's
 * reads of a visitor without a session) with their imports. Manifest keys.
 */
export function pageDownload(manifest: BuildManifest, page: string, withChunks: readonly string[] = []): Set<string> {
  if (!manifest[page]) throw new Error(`no ${page} in the build manifest`);
  const keys = staticClosure(manifest, page, staticClosure(manifest, entryKey(manifest)));
  for (const name of withChunks) staticClosure(manifest, namedChunkKey(manifest, name), keys);
  return keys;
}

/** The gzipped size of each chunk's file, in bytes, as a server compressing it sends it. */
export function gzippedBytes(dist: string, manifest: BuildManifest, keys: Iterable<string>): Map<string, number> {
  return new Map(
    [...keys].map((key) => [key, gzipSync(readFileSync(join(dist, manifest[key]!.file))).length] as const),
  );
}

/** The sum of gzippedBytes, in KB (1,024 bytes). */
export function gzippedKb(dist: string, manifest: BuildManifest, keys: Iterable<string>): number {
  return [...gzippedBytes(dist, manifest, keys).values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
}

/**
 * The gzipped bytes of a page's messages in a language (web/build/i18n-catalogs.ts): the part
 * every page needs and the page's own (`pageKey`: its module under web/src without the
 * extension). 0 for a build without them.
 */
export function messagesBytes(dist: string, locale: string, pageKey: string): number {
  const planPath = join(dist, 'i18n/plan.json');
  if (!existsSync(planPath)) return 0;
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as Record<
    string,
    { boot: string; pages: Record<string, string> }
  >;
  const parts = plan[locale];
  if (!parts) throw new Error(`no ${locale} messages in the build`);
  return [parts.boot, parts.pages[pageKey]]
    .filter((path): path is string => Boolean(path))
    .reduce((sum, path) => sum + gzipSync(readFileSync(join(dist, path))).length, 0);
}
