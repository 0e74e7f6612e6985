import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildGateway, REPO_ROOT } from '@sciai/server';
import { serviceClient } from '../support/clients.ts';

// What crawlers and feed readers fetch besides the pages (whose head tags seo.test.ts checks):
// the sitemap, robots.txt and the Atom feeds, with the embedded backend and with a hosted one.
const backend = inject('backend');
const page = (path: string, init: RequestInit = {}) => fetch(`${backend.url}${path}`, { redirect: 'manual', ...init });

describe('sitemap, robots and feeds', () => {
  it('lists every published item and the static pages in /sitemap.xml', async () => {
    const response = await page('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    // each page is listed in the four languages; the English addresses have no prefix
    const items = locations.filter((loc) => /^\/(tool|paper|company|agent)\/[a-z0-9-]+$/.test(new URL(loc).pathname));
    expect(locations).toContain(`${backend.url}/ar/tool/alphafold`);
    expect(items.length).toBeGreaterThanOrEqual(150);
    expect(new Set(locations).size).toBe(locations.length);
    expect(locations).toEqual(
      expect.arrayContaining([`${backend.url}/`, `${backend.url}/browse`, `${backend.url}/tool/alphafold`]),
    );
    expect(locations).toContain(`${backend.url}/paper/alphafold-2-paper`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);

    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'published');
    expect(Math.abs(items.length - count!)).toBeLessThanOrEqual(1); // another test file may be adding one item right now
    expect((await page('/sitemap-1.xml')).status).toBe(200);
    expect((await page('/sitemap-2.xml')).status).toBe(404);
  });

  it('points robots.txt at the sitemap and allows everything', async () => {
    const response = await page('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Allow: /');
    expect(text).not.toMatch(/Disallow: \/\s/);
    expect(text).toContain(`Sitemap: ${backend.url}/sitemap.xml`);
  });

  it('serves /feed.xml as Atom with the 50 newest published items, newest first', async () => {
    const response = await page('/feed.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/atom\+xml/);
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toMatch(/<updated>[^<]+<\/updated>/);
    const entries = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);
    expect(entries).toHaveLength(50);
    for (const entry of entries) {
      expect(entry).toMatch(/<title>[^<]+<\/title>/);
      expect(entry).toMatch(/<id>http[^<]+<\/id>/);
      expect(entry).toMatch(/<updated>[^<]+<\/updated>/);
    }
    const published = entries.map((entry) => Date.parse(/<published>([^<]+)<\/published>/.exec(entry)![1]!));
    expect([...published].sort((a, b) => b - a)).toEqual(published);

    const { data: newest } = await serviceClient()
      .from('content_items')
      .select('slug')
      .eq('status', 'published')
      .order('published_at', { ascending: false })
      .order('id')
      .limit(1);
    expect(entries[0]).toContain(`/${newest![0]!.slug}</id>`);
  });

  it('serves /feed/{field}.xml with items of that field only, and 404 for an unknown field', async () => {
    const xml = await (await page('/feed/biology.xml')).text();
    expect(xml).toContain('<title>SciAI — newest in Biology</title>');
    const slugs = [...xml.matchAll(/<id>[^<]+\/(?:tool|paper|company|agent)\/([a-z0-9-]+)<\/id>/g)].map(
      (match) => match[1]!,
    );
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs.length).toBeLessThanOrEqual(50);
    const { data } = await serviceClient()
      .from('content_items')
      .select('slug, content_domains!inner(scientific_domains!inner(slug))')
      .in('slug', slugs)
      .eq('content_domains.scientific_domains.slug', 'biology');
    expect(data!.map((row) => row.slug).sort()).toEqual([...slugs].sort());

    expect((await page('/feed/nope.xml')).status).toBe(404);
    expect((await page('/feed/drug_discovery.xml')).status).toBe(200);
  });
});

describe('with a hosted backend (no local database)', () => {
  it('serves the plain index.html and a sitemap of the static pages', async () => {
    const gateway = await buildGateway({
      backend: undefined,
      publicSupabase: { url: 'https://example.supabase.co', anonKey: 'anon-key' },
      webDist: join(REPO_ROOT, 'web/dist'),
      logLevel: 'warn',
      // Without PUBLIC_URL, a host name is served only when listed.
      allowedHosts: 'sciai.example',
    });
    try {
      const detail = await gateway.inject({ method: 'GET', url: '/tool/alphafold' });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).toContain('<title>SciAI — AI tools for science</title>');
      expect(detail.body).not.toContain('application/ld+json');
      const sitemap = await gateway.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'sciai.example' } });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).toContain('<loc>http://sciai.example/browse</loc>');
      expect(sitemap.body).not.toContain('/tool/');
      expect((await gateway.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});
