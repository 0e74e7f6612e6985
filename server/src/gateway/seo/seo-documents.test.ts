import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, jsonForScript } from './escape.ts';
import { compileIndexTemplate, INITIAL_DATA_ELEMENT_ID } from './head-tags.ts';
import type { SitemapRow } from './page-data.ts';
import { parsePublicUrl } from './site-origin.ts';
import { buildSitemap, STATIC_SITEMAP_PATHS } from './sitemap.ts';
import { visitorHash } from './view-counting.ts';

/** A catalog of `total` published items, served in slices as the database would. */
function catalog(total: number) {
  const rows: SitemapRow[] = Array.from({ length: total }, (_, i) => ({
    content_type: 'software',
    slug: `item-${i}`,
    updated_at: new Date(Date.UTC(2026, 0, 1)),
  }));
  return async (offset: number, limit: number) => ({ rows: rows.slice(offset, offset + limit), total });
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe('sitemap', () => {
  it('is one urlset while everything fits, each page in the four languages with its alternates', async () => {
    // the static pages and the items together just fit the limit of 40 URLs (10 pages)
    const items = 10 - STATIC_SITEMAP_PATHS.length;
    const xml = (await buildSitemap(undefined, catalog(items), 'https://s.example', 40))!;
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toHaveLength(40);
    expect(locs(xml).slice(0, 4)).toEqual([
      'https://s.example/',
      'https://s.example/zh',
      'https://s.example/es',
      'https://s.example/ar',
    ]);
    const entry = xml.split('\n').find((line) => line.includes('<loc>https://s.example/es/tool/item-0</loc>'))!;
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="zh-Hans" href="https://s.example/zh/tool/item-0"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://s.example/tool/item-0"/>');
    expect(await buildSitemap(2, catalog(items), 'https://s.example', 40)).toBeUndefined();
  });

  it('becomes an index of parts past the limit, every URL in exactly one part', async () => {
    const load = catalog(25);
    const index = (await buildSitemap(undefined, load, 'https://s.example', 40))!;
    expect(index).toContain('<sitemapindex');
    const parts = locs(index);
    expect(parts).toEqual([
      'https://s.example/sitemap-1.xml',
      'https://s.example/sitemap-2.xml',
      'https://s.example/sitemap-3.xml',
    ]);
    const all: string[] = [];
    for (let part = 1; part <= 3; part++) {
      const urls = locs((await buildSitemap(part, load, 'https://s.example', 40))!);
      expect(urls.length).toBeLessThanOrEqual(40);
      all.push(...urls);
    }
    expect(all).toHaveLength(4 * (STATIC_SITEMAP_PATHS.length + 25));
    expect(new Set(all).size).toBe(all.length);
    expect(all.at(-1)).toBe('https://s.example/ar/tool/item-24');
    expect(await buildSitemap(4, load, 'https://s.example', 40)).toBeUndefined();
    expect(await buildSitemap(0, load, 'https://s.example', 40)).toBeUndefined();
  });
});

describe('escaping', () => {
  it('escapes HTML and XML text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u0007<')).toBe('ab&lt;');
  });

  it('keeps JSON inert inside a script element and still parseable', () => {
    const value = { name: '</script><script>alert(1)</script><!--', line: '\u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('index template', () => {
  const index =
    '<html><head>\n<title>Old</title>\n<meta\n  name="description"\n  content="old"\n/>\n<link rel="icon" />\n</head><body><div id="root"></div></body></html>';

  it('replaces the title and description, never duplicating them, and fills the root', () => {
    const render = compileIndexTemplate(index);
    const html = render(
      { title: 'T & t', description: 'D', canonical: 'https://s.example/x', ogType: 'website' },
      '<p>hi</p>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>T &amp; t</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"><p>hi</p></div>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<link rel="icon" />'));
    expect(render(undefined)).toBe(index);
  });

  it('writes initial data as an inert JSON block that reads back to the same value', () => {
    const render = compileIndexTemplate(index);
    const item = { title: '</script><script>alert(1)</script>', note: '<!-- & \u2028' };
    const html = render({
      title: 'T',
      description: 'D',
      canonical: 'c',
      ogType: 'website',
      initialData: { itemDetail: { slug: 's', item } },
    });
    const block = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(
      html,
    );
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({ itemDetail: { slug: 's', item } });
    expect(html.match(/<\/script>/g)!.length).toBe(html.match(/<script\b/g)!.length);
    expect(render({ title: 'T', description: 'D', canonical: 'c', ogType: 'website' })).not.toContain(
      INITIAL_DATA_ELEMENT_ID,
    );
  });

  it('leaves an unfamiliar index.html alone', () => {
    expect(
      compileIndexTemplate('<html></html>')({ title: 'T', description: 'D', canonical: 'c', ogType: 'website' }),
    ).toBe('<html></html>');
  });
});

describe('visitor hash', () => {
  it('is stable within a UTC day and differs by day and address, an IPv6 /64 being one address', () => {
    const morning = new Date('2026-03-01T00:00:01Z');
    const evening = new Date('2026-03-01T23:59:59Z');
    const next = new Date('2026-03-02T00:00:00Z');
    const hash = visitorHash('secret', '1.2.3.4', morning);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash('secret', '1.2.3.4', evening)).toBe(hash);
    expect(visitorHash('secret', '1.2.3.4', next)).not.toBe(hash);
    expect(visitorHash('secret', '1.2.3.5', morning)).not.toBe(hash);
    expect(visitorHash('other', '1.2.3.4', morning)).not.toBe(hash);
    expect(visitorHash('secret', '2001:db8:1:2::1', morning)).toBe(
      visitorHash('secret', '2001:db8:1:2:ffff::9', morning),
    );
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) origin without a trailing slash', () => {
    expect(parsePublicUrl(undefined)).toBeUndefined();
    expect(parsePublicUrl(' ')).toBeUndefined();
    expect(parsePublicUrl('https://sciai.org/')).toBe('https://sciai.org');
    expect(() => parsePublicUrl('ftp://sciai.org')).toThrow(/http/);
  });
});
