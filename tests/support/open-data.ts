import { gunzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { expect, inject } from 'vitest';
import { serviceClient, visitorAddress } from './clients.ts';

/**
 * What the open-data files' tests share: requests to the run's backend as a visitor, the
 * published slugs, and the dumps once the server has generated them (in the background, at start
 * and after each catalog change).
 */
export const backend = inject('backend');

export const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}${path}`, { redirect: 'manual', headers: { 'x-forwarded-for': visitorAddress(), ...headers } });

export interface Manifest {
  generated_at: string;
  item_count: number;
  files: Array<{ name: string; bytes: number; sha256: string }>;
}

export async function publishedSlugs(): Promise<string[]> {
  const slugs: string[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await serviceClient()
      .from('content_items')
      .select('slug')
      .eq('status', 'published')
      .order('slug')
      .range(from, from + 999);
    if (error) throw error;
    slugs.push(...data.map((row: { slug: string }) => row.slug));
    if (data.length < 1000) return slugs;
  }
}

/** The manifest once the files describe `count` published items (generation runs in the background). */
export async function manifestFor(count: number): Promise<Manifest> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const response = await get('/data/manifest.json');
    if (response.status === 200) {
      const manifest = (await response.json()) as Manifest;
      if (manifest.item_count === count) return manifest;
    } else {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('60');
      await response.body?.cancel();
    }
    if (Date.now() > deadline) throw new Error(`the open data never reached ${count} items`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** catalog.jsonl.gz, one parsed object per line. */
export async function jsonlRecords<T = Record<string, unknown>>(): Promise<T[]> {
  return gunzipSync(Buffer.from(await (await get('/data/catalog.jsonl.gz')).arrayBuffer()))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T);
}

/** catalog.csv.gz as text. */
export async function csvText(): Promise<string> {
  return gunzipSync(Buffer.from(await (await get('/data/catalog.csv.gz')).arrayBuffer())).toString('utf8');
}

export async function dumpSlugs(): Promise<{ jsonl: string[]; csv: string[]; llms: string }> {
  const jsonl = (await jsonlRecords<{ slug: string }>()).map((line) => line.slug);
  const csv = Papa.parse<Record<string, string>>(await csvText(), { header: true, skipEmptyLines: true }).data.map(
    (row) => row.slug!,
  );
  const llms = await (await get('/llms-full.txt')).text();
  return { jsonl, csv, llms };
}

export async function sitemapPaths(): Promise<string[]> {
  const xml = await (await get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}
