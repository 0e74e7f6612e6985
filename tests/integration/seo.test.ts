import { describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';

const backend = inject('backend');
const page = (path: string, init: RequestInit = {}) => fetch(`${backend.url}${path}`, { redirect: 'manual', ...init });

/** The attribute of the first tag matching `selector` (a regex source for the tag's attributes). */
function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

function graphOf(html: string): Array<Record<string, unknown>> {
  const [block] = jsonLdBlocks(html) as Array<{ '@context': string; '@graph': Array<Record<string, unknown>> }>;
  expect(block!['@context']).toBe('https://schema.org');
  return block!['@graph'];
}

const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('head tags for crawlers', () => {
  it('fills in the head of /tool/alphafold: title, description, canonical, Open Graph, Twitter, JSON-LD', async () => {
    const response = await page('/tool/alphafold');
    expect(response.status).toBe(200);
    const html = await response.text();
    const description =
      "DeepMind's open-source model that predicts a protein's 3D structure from its amino-acid sequence with near-experimental accuracy.";

    expect(html).toContain('<title>AlphaFold 2 — SciAI</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(decode(metaContent(html, 'name', 'description')!)).toBe(description);
    expect(html).toContain(`<link rel="canonical" href="${backend.url}/tool/alphafold" />`);
    expect(metaContent(html, 'property', 'og:title')).toBe('AlphaFold 2 — SciAI');
    expect(decode(metaContent(html, 'property', 'og:description')!)).toBe(description);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${backend.url}/tool/alphafold`);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('SciAI');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('AlphaFold 2 — SciAI');

    const [software, breadcrumbs] = graphOf(html);
    expect(software).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'AlphaFold 2',
      url: `${backend.url}/tool/alphafold`,
      author: { '@type': 'Organization', name: 'Google DeepMind' },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${backend.url}/` },
        { position: 2, name: 'Browse', item: `${backend.url}/browse` },
        { position: 3, name: 'AlphaFold 2', item: `${backend.url}/tool/alphafold` },
      ],
    });

    // A plain-HTML summary in the root element, for crawlers that run no script.
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    expect(root).toContain('<h1 data-result-card>AlphaFold 2</h1>');
    expect(root).toContain('Google DeepMind');
    expect(root).toContain('href="/browse?domain=computational_biology"');
    expect(root).toContain('href="https://github.com/google-deepmind/alphafold"');
  });

  it('describes papers as ScholarlyArticle, companies as Organization, agents as SoftwareApplication', async () => {
    const paperHtml = await (await page('/paper/alphafold-2-paper')).text();
    expect(metaContent(paperHtml, 'property', 'og:type')).toBe('article');
    expect(graphOf(paperHtml)[0]).toMatchObject({
      '@type': 'ScholarlyArticle',
      name: 'Highly accurate protein structure prediction with AlphaFold',
      author: expect.arrayContaining([{ '@type': 'Person', name: 'John Jumper' }]),
      identifier: { propertyID: 'DOI', value: '10.1038/s41586-021-03819-2' },
      isPartOf: { '@type': 'Periodical', name: 'Nature' },
    });
    expect(graphOf(await (await page('/company/isomorphic-labs')).text())[0]).toMatchObject({
      '@type': 'Organization',
      name: 'Isomorphic Labs',
      foundingDate: '2021',
    });
    expect(graphOf(await (await page('/agent/chemcrow')).text())[0]).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'ChemCrow',
    });
  });

  it('gives the home and browse pages their own title and canonical, and no JSON-LD', async () => {
    const home = await (await page('/')).text();
    expect(home).toContain('<title>SciAI — AI tools for science</title>');
    expect(home).toContain(`<link rel="canonical" href="${backend.url}/" />`);
    expect(metaContent(home, 'property', 'og:title')).toBe('SciAI — AI tools for science');
    expect(jsonLdBlocks(home)).toEqual([]);
    // The hero as plain HTML: read without script, and painted before the app has loaded.
    const homeRoot = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(home)?.[1] ?? '';
    expect(homeRoot).toMatch(/<h1[^>]*>82% of scientists don’t use AI effectively<\/h1>/);
    expect(homeRoot).toContain('SciAI closes that gap.');
    expect(homeRoot).toContain('<form role="search" action="/browse" method="get"');
    expect(homeRoot).toContain('name="search"');
    const browse = await (await page('/browse?search=protein')).text();
    expect(browse).toContain('<title>Browse AI Tools — SciAI</title>');
    // its head as plain HTML, without the sample-data notice: the catalog is not sample data
    const browseRoot = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(browse)?.[1] ?? '';
    expect(browseRoot).toContain('>Browse AI Tools</h1>');
    expect(browseRoot).not.toContain('You are viewing sample/demo data.');
    expect(browse).toContain(`<link rel="canonical" href="${backend.url}/browse" />`);
  });

  it('gives the accessibility statement its title, description and canonical', async () => {
    const response = await page('/accessibility');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Accessibility statement — SciAI</title>');
    expect(decode(metaContent(html, 'name', 'description') ?? '')).toMatch(/^How SciAI meets WCAG 2\.2 AA/);
    expect(html).toContain(`<link rel="canonical" href="${backend.url}/accessibility" />`);
    expect(jsonLdBlocks(html)).toEqual([]);
  });

  it('answers 404 (not a soft 404) for an unknown slug, and keeps it out of the index', async () => {
    const response = await page('/tool/no-such-tool-anywhere');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(jsonLdBlocks(html)).toEqual([]);
  });

  it('moves an item reached under another type path to its own, permanently', async () => {
    const response = await page('/paper/alphafold?ref=x');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/tool/alphafold?ref=x');
    const agent = await page('/tool/chemcrow');
    expect(agent.status).toBe(301);
    expect(agent.headers.get('location')).toBe('/agent/chemcrow');
  });

  it('moves a slug written in capitals to the item’s own address, and keeps 404 for an unknown one', async () => {
    const capitals = await page('/tool/AlphaFold?ref=x');
    expect(capitals.status).toBe(301);
    expect(capitals.headers.get('location')).toBe('/tool/alphafold?ref=x');
    const otherType = await page('/paper/ChemCrow');
    expect(otherType.status).toBe(301);
    expect(otherType.headers.get('location')).toBe('/agent/chemcrow');
    expect((await page('/tool/No-Such-Tool')).status).toBe(404);
  });

  it('escapes what editors type: HTML in the head and the summary, JSON in the script', async () => {
    const service = serviceClient();
    const slug = `escape-check-${Date.now()}`;
    const title = 'Evil </script><b>bold</b> "quoted" & \'single\'';
    const shortDescription = '<img src=x onerror=alert(1)> <!-- </script> --> \u2028';
    const inserted = await service
      .from('content_items')
      .insert({
        slug,
        title,
        short_description: shortDescription,
        content_type: 'software',
        status: 'published',
        published_at: new Date().toISOString(),
      })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    try {
      await service.from('software').insert({ content_id: inserted.data!.id, pricing_model: 'free' });
      const response = await page(`/tool/${slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();

      expect(html).not.toContain('<b>bold</b>');
      expect(html).not.toContain('<img src=x');
      // Every '</script>' closes one of the page's own scripts (theme, config, app, JSON-LD).
      expect(html.match(/<\/script>/g)!.length).toBe(html.match(/<script\b/g)!.length);
      expect(html).toContain(
        '<title>Evil &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot; &amp; &#39;single&#39; — SciAI</title>',
      );
      expect(html).toContain('<h1 data-result-card>Evil &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');

      const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
      expect(script).not.toMatch(/[<>]/);
      expect(script).toContain('\\u003c/script\\u003e');
      const [software] = graphOf(html);
      expect(software!.name).toBe(title);
      expect(software!.description).toBe(shortDescription.trim());
    } finally {
      await service.from('content_items').delete().eq('slug', slug);
    }
  });
});
