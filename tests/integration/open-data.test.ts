import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, itemPath } from '@sciai/core';
import { withDatabase } from '../support/auth.ts';
import { serviceClient, visitorAddress } from '../support/clients.ts';
import { createTestItem } from '../support/test-items.ts';

/**
 * SciAI for every client: JSON-LD by content negotiation, Markdown item pages, /llms.txt,
 * /llms-full.txt, the /data dumps and badges, against the run's backend (its server generates
 * the files in the background at start and after each catalog change).
 */
const backend = inject('backend');
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}${path}`, { redirect: 'manual', headers: { 'x-forwarded-for': visitorAddress(), ...headers } });

interface Manifest {
  generated_at: string;
  item_count: number;
  files: Array<{ name: string; bytes: number; sha256: string }>;
}

async function publishedSlugs(): Promise<string[]> {
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
async function manifestFor(count: number): Promise<Manifest> {
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

async function dumpSlugs(): Promise<{ jsonl: string[]; csv: string[]; llms: string }> {
  const jsonlBytes = Buffer.from(await (await get('/data/catalog.jsonl.gz')).arrayBuffer());
  const jsonl = gunzipSync(jsonlBytes)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { slug: string }).slug);
  const csvText = gunzipSync(Buffer.from(await (await get('/data/catalog.csv.gz')).arrayBuffer())).toString('utf8');
  const csv = Papa.parse<Record<string, string>>(csvText, { header: true, skipEmptyLines: true }).data.map(
    (row) => row.slug!,
  );
  const llms = await (await get('/llms-full.txt')).text();
  return { jsonl, csv, llms };
}

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

describe('item pages for machines', () => {
  it('answers Accept: application/ld+json with the JSON-LD the HTML page embeds', async () => {
    const html = await (await get('/tool/alphafold', { accept: 'text/html' })).text();
    const embedded = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const response = await get('/tool/alphafold', { accept: 'application/ld+json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(response.headers.get('vary')).toContain('accept');
    expect(await response.json()).toEqual(JSON.parse(embedded));

    // A browser's Accept gets the page; JSON-LD only when asked for before HTML.
    const browser = await get('/tool/alphafold', {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(browser.headers.get('content-type')).toContain('text/html');
    expect(browser.headers.get('vary')).toContain('accept');
    await browser.body?.cancel();
    const weighed = await get('/paper/alphafold-2-paper', { accept: 'text/html;q=0.5, application/ld+json' });
    expect(((await weighed.json()) as { '@graph': Array<{ '@type': string }> })['@graph'][0]!['@type']).toBe(
      'ScholarlyArticle',
    );
    const missing = await get('/tool/no-such-tool-anywhere', { accept: 'application/ld+json' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
  });

  it('renders /tool/{slug}.md and the other types as Markdown; wrong type or unknown slug is 404', async () => {
    const response = await get('/tool/alphafold.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const markdown = await response.text();
    expect(markdown.startsWith('# AlphaFold 2\n\n> ')).toBe(true);
    expect(markdown).toContain('- Type: Software');
    expect(markdown).toContain('- Organization: Google DeepMind');
    expect(markdown).toContain('- Repository: https://github.com/google-deepmind/alphafold');
    expect(markdown).toContain('## Description');
    expect(markdown).not.toMatch(/<(script|div)/);

    const paper = await (await get('/paper/alphafold-2-paper.md')).text();
    expect(paper).toContain('# Highly accurate protein structure prediction with AlphaFold');
    expect(paper).toContain('- DOI: [10.1038/s41586-021-03819-2](https://doi.org/10.1038/s41586-021-03819-2)');
    expect(paper).toContain('John Jumper');
    expect((await get('/company/isomorphic-labs.md')).status).toBe(200);
    expect((await get('/agent/chemcrow.md')).status).toBe(200);
    expect((await get('/tool/chemcrow.md')).status).toBe(404);
    expect((await get('/tool/no-such-tool-anywhere.md')).status).toBe(404);
  });
});

describe('/llms.txt', () => {
  it('says what SciAI is and links the catalog, the data, the API and the MCP docs', async () => {
    const response = await get('/llms.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('# SciAI\n\n> SciAI is a catalog of AI tools for science')).toBe(true);
    for (const path of ['/llms-full.txt', '/data', '/data/catalog.jsonl.gz', '/api', '/api/openapi.json', '/mcp']) {
      expect(text).toContain(`](${backend.url}${path})`);
    }
    expect(text).toContain(`](${backend.url}/docs/mcp.md)`);
    const mcp = await (await get('/docs/mcp.md')).text();
    expect(mcp.startsWith('## SciAI in an AI assistant (MCP)')).toBe(true);
    expect(mcp).toContain('search_catalog');
  });
});

describe('/data dumps, /llms-full.txt, the sitemap and the feeds', () => {
  it('lists every published item in every one of them, with the SHA-256 the manifest states', async () => {
    const slugs = await publishedSlugs();
    const manifest = await manifestFor(slugs.length);
    expect(manifest.files.map((file) => file.name)).toEqual(['catalog.jsonl.gz', 'catalog.csv.gz', 'llms-full.txt']);
    for (const file of manifest.files) {
      // identity: fetch would unpack llms-full.txt's gzip copy (an ETag of its own) itself
      const response = await get(`/${file.name === 'llms-full.txt' ? '' : 'data/'}${file.name}`, {
        'accept-encoding': 'identity',
      });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(file.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
    }

    // the files go out as made: gzip to those who take it, else plain, never compressed per request
    const brotliOnly = await get('/llms-full.txt', { 'accept-encoding': 'br' });
    expect(brotliOnly.headers.get('content-encoding')).toBeNull();
    await brotliOnly.body?.cancel();
    const gzipped = await get('/llms-full.txt', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    await gzipped.body?.cancel();

    const { jsonl, csv, llms } = await dumpSlugs();
    expect(jsonl).toEqual(slugs);
    expect(csv).toEqual(slugs);
    const sitemap = await sitemapPaths();
    const { data: types } = await serviceClient()
      .from('content_items')
      .select('slug, content_type')
      .eq('status', 'published');
    for (const { slug, content_type } of types as Array<{ slug: string; content_type: 'software' }>) {
      expect(sitemap).toContain(itemPath(content_type, slug));
      expect(llms).toContain(`${itemPath(content_type, slug)})`);
    }
    expect(llms).toMatch(/^## .+ \(\d+\)$/m);
  });

  it('gives every public field and identifier in the JSON Lines, and the documented columns in the CSV', async () => {
    const lines = gunzipSync(Buffer.from(await (await get('/data/catalog.jsonl.gz')).arrayBuffer()))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const paper = lines.find((line) => line.slug === 'alphafold-2-paper')!;
    expect(paper).toMatchObject({
      content_type: 'paper',
      path: '/paper/alphafold-2-paper',
      identifiers: { doi: '10.1038/s41586-021-03819-2' },
      content_license: 'CC-BY-4.0',
    });
    expect(paper.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(paper).not.toHaveProperty('status');
    const csvText = gunzipSync(Buffer.from(await (await get('/data/catalog.csv.gz')).arrayBuffer())).toString('utf8');
    expect(Papa.parse<string[]>(csvText).data[0]).toEqual([...CATALOG_CSV_COLUMNS]);
    const response = await get('/data/catalog.csv.gz');
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="catalog.csv.gz"');
    const again = await get('/data/catalog.csv.gz', { 'if-none-match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
    await response.body?.cancel();
  });

  it('states the sources’ licences in the manifest, and each item’s records in the JSON Lines', async () => {
    const manifest = (await (await get('/data/manifest.json')).json()) as Manifest & {
      licenses: {
        catalog_text: { license: string };
        sources: Array<{ id: string; license: string; license_label: string; share_alike: boolean; items: number }>;
        share_alike_included: boolean;
        statement: string;
      };
    };
    expect(manifest.licenses.catalog_text.license).toBe('CC-BY-4.0');
    expect(manifest.licenses.share_alike_included).toBe(true);
    expect(manifest.licenses.sources.find((source) => source.id === 'best-of-atomistic-ml')).toMatchObject({
      license: 'CC-BY-SA-4.0',
      license_label: 'CC BY-SA 4.0 (share-alike)',
      share_alike: true,
    });
    expect(manifest.licenses.statement).toContain('Share-alike records are included');
    const lines = gunzipSync(Buffer.from(await (await get('/data/catalog.jsonl.gz')).arrayBuffer()))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { slug: string; sources?: Array<{ source: string; license: string }> });
    expect(lines.find((line) => line.slug === 'chemdataextractor')?.sources).toEqual([
      expect.objectContaining({ source: 'best-of-atomistic-ml', license: 'CC-BY-SA-4.0', share_alike: true }),
    ]);
  });

  it('drops a retracted item from the dumps, llms-full.txt, the sitemap and the feed, and brings it back', async () => {
    const slug = 'chemcrow';
    const before = await publishedSlugs();
    await manifestFor(before.length);
    const { error } = await serviceClient().from('content_items').update({ status: 'archived' }).eq('slug', slug);
    expect(error).toBeNull();
    try {
      await manifestFor(before.length - 1);
      const { jsonl, csv, llms } = await dumpSlugs();
      expect(jsonl).not.toContain(slug);
      expect(csv).not.toContain(slug);
      expect(llms).not.toContain('/agent/chemcrow)');
      // The sitemap, the feeds and the item pages cache for a few seconds.
      await expect.poll(sitemapPaths, { interval: 500 }).not.toContain('/agent/chemcrow');
      await expect
        .poll(async () => (await get('/feed.xml')).text(), { interval: 500 })
        .not.toContain('/agent/chemcrow<');
      await expect.poll(async () => (await get('/agent/chemcrow.md')).status, { interval: 500 }).toBe(404);
    } finally {
      await serviceClient().from('content_items').update({ status: 'published' }).eq('slug', slug);
    }
    await manifestFor(before.length);
    expect((await dumpSlugs()).jsonl).toContain(slug);
  }, 400_000);
});

describe('badges', () => {
  it('draws "Listed on SciAI" with the verified mark, stars or citations on request, cached', async () => {
    const response = await get('/badge/tool/alphafold.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const svg = await response.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Listed on SciAI');
    const { data } = await serviceClient().from('content_items').select('verified').eq('slug', 'alphafold').single();
    expect(svg).toContain((data as { verified: boolean }).verified ? 'verified ✓' : '>listed<');

    // a count only as read from its source, which the badge's title names with the date
    // (docs/product.md#facts); an item without a figure shows none, whatever its own columns say
    const starred = await createTestItem('software', 'badge-starred');
    const unread = await createTestItem('software', 'badge-unread');
    const cited = await createTestItem('paper', 'badge-cited');
    try {
      await withDatabase(async (db) => {
        await db.query('insert into public.software (content_id, github_stars) values ($1, 900), ($2, 900)', [
          starred.id,
          unread.id,
        ]);
        await db.query('insert into public.papers (content_id, citation_count) values ($1, 900)', [cited.id]);
        await db.query(
          `insert into public.item_signals (content_id, signal, source, value_num, as_of) values
             ($1, 'github_stars', 'github', 1234, '2026-08-20T06:00:00Z'),
             ($2, 'citations', 'openalex', 56, '2026-09-02T06:00:00Z')`,
          [starred.id, cited.id],
        );
      });
      const stars = await (await get(`/badge/tool/${starred.slug}.svg?show=stars`)).text();
      expect(stars).toContain('★ 1.2k');
      expect(stars).toContain('(GitHub stars, as of 20 Aug 2026)');
      const citations = await (await get(`/badge/paper/${cited.slug}.svg?show=citations`)).text();
      expect(citations).toContain('56 citations');
      expect(citations).toContain('(Citations on OpenAlex, as of 2 Sep 2026)');
      expect(await (await get(`/badge/tool/${unread.slug}.svg?show=stars`)).text()).not.toContain('★');
    } finally {
      await withDatabase((db) =>
        db.query('delete from public.content_items where id = any ($1::uuid[])', [[starred.id, unread.id, cited.id]]),
      );
    }

    const unknown = await get('/badge/tool/no-such-tool-anywhere.svg');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('not listed');
    expect((await get('/badge/paper/alphafold.svg')).status).toBe(404);
  });
});

describe('the embeddable widget', () => {
  it('lists items by the browse filters, themed, framable by any site on this route alone, without cookies', async () => {
    const response = await get('/embed?domain=computational_biology&type=software&sort=trending&limit=3&theme=dark');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('background:#1a1b1e');
    const links = [...html.matchAll(/<li><a href="([^"]+)"/g)].map((match) => new URL(match[1]!).pathname);
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(3);
    for (const link of links) expect(link).toMatch(/^\/tool\//);
    // the browse page's first three for the same filters
    const { data } = await serviceClient().rpc('search_items', {
      domains: ['computational_biology'],
      content_types: ['software'],
      sort_by: 'trending',
      page_size: 3,
    });
    const expected = (data as { items: Array<{ slug: string }> }).items.map((item) => `/tool/${item.slug}`);
    expect(links).toEqual(expected);
    expect(html).toContain('href="' + backend.url + '/browse?');

    // the rest of the site stays unframable
    const page = await get('/browse');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await page.body?.cancel();
  });

  it('names its icon, as every page of the site does, and /favicon.ico answers with it', async () => {
    for (const path of ['/embed?limit=1', '/', '/browse', '/tool/alphafold', '/no-such-page']) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml" ?\/?>/);
    }
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    const legacy = await get('/favicon.ico');
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('content-type')).toBe('image/svg+xml');
    expect(await legacy.text()).toBe(await icon.text());
  });

  it('serves embed.js, which builds the iframe from its data attributes', async () => {
    const response = await get('/embed.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toContain("origin + '/embed?'");
    expect(script).toContain("attribute.name.indexOf('data-') === 0");
  });
});
