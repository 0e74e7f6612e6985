import { itemPath, LOCALE_INFO, LOCALES, localizedPath } from '@sciai/core';
import { escapeXml } from './escape.ts';
import type { SitemapRow } from './page-data.ts';

/** The sitemaps.org limit of URLs per file; past it /sitemap.xml becomes an index of parts. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Public pages that are not items, listed first. */
export const STATIC_SITEMAP_PATHS = ['/', '/browse', '/about', '/about/data', '/accessibility'] as const;

export type LoadSitemapRows = (offset: number, limit: number) => Promise<{ rows: SitemapRow[]; total: number }>;

/**
 * /sitemap.xml (part undefined) or /sitemap-{part}.xml; undefined for a part that does not exist.
 * Pages are the static ones then every published item in a stable order; each page is listed in
 * every language, each entry naming the others (hreflang), so a file holds `limit` URLs of
 * `limit / 4` pages.
 */
export async function buildSitemap(
  part: number | undefined,
  load: LoadSitemapRows,
  origin: string,
  limit = SITEMAP_URL_LIMIT,
): Promise<string | undefined> {
  const statics = STATIC_SITEMAP_PATHS.length;
  limit = Math.floor(limit / LOCALES.length);
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
  return urlsetXml(
    [
      ...staticSlice.map((path) => ({ path })),
      ...rows.map((row) => ({ path: itemPath(row.content_type, row.slug), lastmod: row.updated_at })),
    ],
    origin,
  );
}

/** Each page in every language, with its alternates (sitemaps.org and Google's xhtml:link). */
export function urlsetXml(pages: Array<{ path: string; lastmod?: Date }>, origin: string): string {
  const body = pages
    .flatMap(({ path, lastmod }) => {
      const alternates = LOCALES.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${LOCALE_INFO[locale].tag}" href="${escapeXml(`${origin}${localizedPath(locale, path)}`)}"/>`,
      ).join('');
      return LOCALES.map(
        (locale) =>
          `<url><loc>${escapeXml(`${origin}${localizedPath(locale, path)}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`,
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: string[]): string {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
