import { describe, expect, it } from 'vitest';
import { ItemDetailsSchema, ItemSummariesSchema } from '../../web/src/data/item-detail-schemas.ts';
import { anonClient, serviceClient } from '../support/clients.ts';

const anon = anonClient();

/** Every published slug of the catalog. */
async function publishedSlugs(): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from('content_items')
    .select('slug')
    .eq('status', 'published')
    .order('slug');
  expect(error).toBeNull();
  return (data ?? []).map((row: { slug: string }) => row.slug);
}

describe('the detail pages read', () => {
  it("item_details() of every published item through the web app's schema", async () => {
    const slugs = await publishedSlugs();
    expect(slugs.length).toBeGreaterThan(100);
    for (let start = 0; start < slugs.length; start += 100) {
      const chunk = slugs.slice(start, start + 100);
      const { data, error } = await anon.rpc('item_details', { slugs: chunk });
      expect(error).toBeNull();
      expect(ItemDetailsSchema.parse(data).map((item) => item.slug)).toEqual(chunk);
    }
  });

  it("related_items() and similar_items() through the web app's schema", async () => {
    const related = await anon.rpc('related_items', { item_slug: 'alphafold', max_items: 4 });
    expect(related.error).toBeNull();
    expect(ItemSummariesSchema.parse(related.data)).toHaveLength(4);
    const similar = await anon.rpc('similar_items', { query: 'alphafol', max_items: 3 });
    expect(similar.error).toBeNull();
    expect(ItemSummariesSchema.parse(similar.data).map((item) => item.slug)).toContain('alphafold');
  });
});
