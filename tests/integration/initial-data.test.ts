import { describe, expect, inject, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';

/**
 * The detail page's item embedded in the first HTML (server/src/gateway/seo/head-tags.ts), which
 * the web app paints from before supabase-js has loaded: it must be exactly what the data API's
 * item_details() answers, and nothing an editor types may break out of the data block.
 */
const backend = inject('backend');
const page = (path: string) => fetch(`${backend.url}${path}`, { redirect: 'manual' });

const DATA_BLOCK = /<script type="application\/json" id="sciai-initial-data">([\s\S]*?)<\/script>/g;

function dataBlocks(html: string): string[] {
  return [...html.matchAll(DATA_BLOCK)].map((match) => match[1]!);
}

async function itemDetailsAsVisitor(slug: string): Promise<unknown> {
  const { data, error } = await anonClient().rpc('item_details', { slugs: [slug] });
  expect(error).toBeNull();
  return (data as unknown[])[0];
}

describe('initial data in the first HTML of a detail page', () => {
  it('embeds the item exactly as item_details() returns it, escaped so nothing can close the element', async () => {
    const service = serviceClient();
    const slug = `initial-data-${Date.now()}`;
    // Fresh item, so no other test moves its counters between the two reads.
    const title = 'Inert </script><script>alert(1)</script> & <!-- "quoted" \u2028';
    const inserted = await service
      .from('content_items')
      .insert({
        slug,
        title,
        description: 'Ends with a closing tag </SCRIPT >',
        short_description: '<img src=x onerror=alert(1)>',
        content_type: 'software',
        status: 'published',
        published_at: new Date().toISOString(),
        tags: ['</script>', 'plain'],
      })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    try {
      await service
        .from('software')
        .insert({ content_id: inserted.data!.id, pricing_model: 'free', open_source: true });
      const response = await page(`/tool/${slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();

      const blocks = dataBlocks(html);
      expect(blocks).toHaveLength(1);
      const text = blocks[0]!;
      expect(text).not.toMatch(/[<>]/);
      expect(text).toContain('\\u003c/script\\u003e');
      expect(text).not.toContain('\u2028');
      // Every '</script>' still closes one of the page's own scripts.
      expect(html.match(/<\/script>/gi)!.length).toBe(html.match(/<script\b/gi)!.length);

      const embedded = JSON.parse(text) as { itemDetail: { slug: string; item: Record<string, unknown> } };
      expect(embedded.itemDetail.slug).toBe(slug);
      expect(embedded.itemDetail.item.title).toBe(title);
      expect(embedded.itemDetail.item).toEqual(await itemDetailsAsVisitor(slug));
    } finally {
      await service.from('content_items').delete().eq('slug', slug);
    }
  });

  it('embeds a catalog item with every type block the page shows', async () => {
    const html = await (await page('/paper/alphafold-2-paper')).text();
    const [text] = dataBlocks(html);
    const embedded = JSON.parse(text!) as { itemDetail: { slug: string; item: Record<string, unknown> } };
    expect(embedded.itemDetail.slug).toBe('alphafold-2-paper');
    const fresh = (await itemDetailsAsVisitor('alphafold-2-paper')) as Record<string, unknown>;
    // Other tests may count a view of this item meanwhile; everything else is the same row.
    const withoutCounters = ({
      view_count: _views,
      save_count: _saves,
      trending_score: _score,
      ...rest
    }: Record<string, unknown>) => rest;
    expect(withoutCounters(embedded.itemDetail.item)).toEqual(withoutCounters(fresh));
    expect(embedded.itemDetail.item).toMatchObject({
      content_type: 'paper',
      paper: { doi: '10.1038/s41586-021-03819-2' },
    });
  });

  it('says "no such item" for an unknown slug; no other page or redirect carries an item', async () => {
    const missing = await page('/tool/no-such-tool-anywhere');
    expect(missing.status).toBe(404);
    const [text] = dataBlocks(await missing.text());
    expect(JSON.parse(text!)).toEqual({ itemDetail: { slug: 'no-such-tool-anywhere', item: null } });

    // The landing and browse pages carry their own first data (domains, results), never an item.
    for (const path of ['/', '/browse']) {
      for (const block of dataBlocks(await (await page(path)).text())) {
        expect(JSON.parse(block)).not.toHaveProperty('itemDetail');
      }
    }
    expect(dataBlocks(await (await page('/about')).text())).toEqual([]);
    const moved = await page('/paper/alphafold');
    expect(moved.status).toBe(301);
    expect(dataBlocks(await moved.text())).toEqual([]);
  });
});
