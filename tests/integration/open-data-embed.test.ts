import { describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { backend, get } from '../support/open-data.ts';

/** The embeddable widget (/embed, /embed.js) and the site icon it names. */
describe('the embeddable widget', () => {
  // docs/product.md#browse-cards: the rating sort and filter, and the rating in words
  it('takes the rating sort and Rated 4★ and up, and shows the verified reviewers’ rating', async () => {
    const service = serviceClient();
    const { data: item } = await service
      .from('content_items')
      .select('id, slug')
      .eq('status', 'published')
      .eq('content_type', 'software')
      .order('slug')
      .limit(1)
      .single();
    const { error } = await service.from('item_ratings').insert({
      content_id: item!.id,
      verified_count: 12,
      verified_average: 4.62,
      rating_score: 4.41,
      other_count: 2,
      other_average: 2,
    });
    expect(error).toBeNull();
    try {
      const response = await get('/embed?sort=highest_rated&feature=rated_4_up&type=software&limit=3');
      expect(response.status).toBe(200);
      const html = await response.text();
      const first = html.match(/<li><a href="([^"]+)"/)![1]!;
      expect(new URL(first).pathname).toBe(`/tool/${item!.slug}`);
      expect(html).toContain('4.6 ★ (12)');
      expect(html).toContain('Rated 4.6 out of 5 by 12 ORCID-verified reviewers');
    } finally {
      await service.from('item_ratings').delete().eq('content_id', item!.id);
    }
  });

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

  it('speaks the language it is asked for, right to left in Arabic, linking to pages in that language', async () => {
    const html = await (await get('/embed?type=software&limit=2&lang=ar')).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<h1>أدوات الذكاء الاصطناعي للعلوم على SciAI</h1>');
    const links = [...html.matchAll(/<li><a href="([^"]+)"/g)].map((match) => new URL(match[1]!).pathname);
    expect(links.length).toBe(2);
    for (const link of links) expect(link).toMatch(/^\/ar\/tool\//);
    expect(html).toContain(`href="${backend.url}/ar/browse?`);
    // anything else is English
    expect(await (await get('/embed?type=software&limit=1&lang=xx')).text()).toContain('<html lang="en" dir="ltr">');
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
