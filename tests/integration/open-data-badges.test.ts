import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { serviceClient } from '../support/clients.ts';
import { get } from '../support/open-data.ts';
import { createTestItem } from '../support/test-items.ts';

/** /badge/{type}/{slug}.svg: 'Listed on SciAI', with a figure only as its source read it. */
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

    // in the language the embedding page asks for
    const chinese = await (await get('/badge/tool/alphafold.svg?lang=zh')).text();
    expect(chinese).toContain('收录于 SciAI');
    expect(await (await get('/badge/tool/no-such-tool.svg?lang=es')).text()).toContain('no incluido');

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
