import { itemPath } from '@sciai/core';
import { escapeXml } from './escape.ts';
import type { SitemapRow } from './page-data.ts';

/** The sitemaps.org limit of URLs per file; past it /sitemap.xml becomes an index of parts. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Public pages that are not items, listed first. */
export const STATIC_SITEMAP_PATHS = ['/', '/browse', '/about', '/about/data'] as const;

export type LoadSitemapRows = (offset: number, limit: number) => Promise<{ rows: SitemapRow[]; total: number }>;

/**
 * /sitemap.xml (part undefined) or /sitemap-{part}.xml; undefined for a part that does not exist.
 * URLs are the static pages then every published item in a stable order, `limit` to a file.
 */
export async function buildSitemap(
  part: number | undefined,
  load: LoadSitemapRows,
  origin: string,
  limit = SITEMAP_URL_LIMIT,
): Promise<string | undefined> {
  const statics = STATIC_SITEMAP_PATHS.length;
  const index = part ?? 1;
  if (!Number.isInteger(index) || index < 1) return undefined;
  const first = (index - 1) * limit; // position of this file's first URL in the whole list
  const staticSlice = STATIC_SITEMAP_PATHS.slice(first, first + limit);
  const { rows, total } = await load(Math.max(0, first - statics), limit - staticSlice.length);
  const parts = Math.max(1, Math.ceil((statics + total) / limit));

  if (part === undefined && parts > 1) {
    return sitemapIndexXml(Array.from({ length: parts }, (_, i) => `${origin}/sitemap-${i + 1}.xml`));
  }
  if (index > parts) return undefined;
  return urlsetXml([
    ...staticSlice.map((path) => ({ loc: `${origin}${path}` })),
    ...rows.map((row) => ({ loc: `${origin}${itemPath(row.content_type, row.slug)}`, lastmod: row.updated_at })),
  ]);
}

export function urlsetXml(urls: Array<{ loc: string; lastmod?: Date }>): string {
  const body = urls
    .map(
      ({ loc, lastmod }) =>
        `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
