import { describe, expect, it } from 'vitest';
import { withDatabase, signedInAs } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';

/**
 * Papers to cite (docs/product.md#paper-to-cite), asked the wrong way: the helper that lists them
 * is not callable through the Data API; odd metadata (a source that is no source id, identifiers
 * that are no list, thousands of them) links nothing and breaks neither the load nor the page;
 * an unpublished paper a tool names is cited by its identifier, never by its title. Each case
 * runs in a transaction that is rolled back.
 */
const suffix = Math.random().toString(36).slice(2, 8);

async function inRolledBackTransaction(
  work: (query: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<void>,
) {
  await withDatabase(async (db) => {
    await db.query('begin');
    try {
      await work(async (sql, params) => (await db.query(sql, params)).rows as unknown[]);
    } finally {
      await db.query('rollback');
    }
  });
}

const tool = (slug: string, metadata: unknown) => ({
  slug,
  title: `Hostile citing tool ${slug}`,
  content_type: 'software',
  url: 'https://example.org/tool',
  domains: ['biology'],
  metadata,
  software: { programming_languages: [] },
});

describe('papers to cite, probed', () => {
  it('keeps the helper out of reach of visitors and users', async () => {
    const { data: ids } = await anonClient().from('content_items').select('id').eq('slug', 'scibert');
    const itemId = (ids as Array<{ id: string }>)[0]!.id;
    const anonymous = await anonClient().rpc('item_papers_to_cite' as never, { item_id: itemId } as never);
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.status).toBeLessThan(500);
    const { client } = await signedInAs('user', 'papers-probe');
    const user = await client.rpc('item_papers_to_cite' as never, { item_id: itemId } as never);
    expect(user.error).not.toBeNull();
  });

  it('links nothing for a source that is no source id or identifiers that are no list, and caps what it cites', async () => {
    await inRolledBackTransaction(async (query) => {
      const load = (items: unknown[]) => query('select public.load_catalog($1::jsonb, false)', [JSON.stringify(items)]);
      const doi = `10.5555/fixture.sciai.hostile-links.${suffix}`;
      await load([
        {
          slug: `hostile-cited-${suffix}`,
          title: `Hostile cited paper ${suffix}`,
          content_type: 'paper',
          url: 'https://example.org/paper',
          domains: ['biology'],
          paper: { abstract: null, authors: [], doi },
        },
      ]);
      await load([
        tool(`hostile-source-${suffix}`, {
          publication_dois: [doi],
          publication_sources: ["biotools'); drop table public.item_relations; --"],
        }),
        tool(`hostile-shape-${suffix}`, {
          publication_dois: { doi },
          publication_arxiv_ids: doi,
          publication_sources: 'biotools',
        }),
        tool(`hostile-many-${suffix}`, {
          publication_dois: Array.from({ length: 5_000 }, (_, n) => `10.5555/many.${n}`),
          publication_sources: ['biotools'],
        }),
      ]);
      const links = (await query(
        `select count(*)::int as n from public.item_relations r
         join public.content_items t on t.id = r.content_id where t.slug like $1`,
        [`hostile-%-${suffix}`],
      )) as Array<{ n: number }>;
      expect(links[0]!.n).toBe(0);
      const cited = (await query(
        `select ci.slug, public.item_papers_to_cite(ci.id) as cited from public.content_items ci
         where ci.slug like $1 order by ci.slug`,
        [`hostile-%-${suffix}`],
      )) as Array<{ slug: string; cited: Array<{ id: string; paper: unknown; sources: unknown[] }> }>;
      const bySlug = Object.fromEntries(cited.map((row) => [row.slug, row.cited]));
      expect(bySlug[`hostile-many-${suffix}`]).toHaveLength(50);
      expect(bySlug[`hostile-shape-${suffix}`]).toEqual([]);
      // a source the catalog does not know names nothing
      expect(bySlug[`hostile-source-${suffix}`]).toEqual([{ scheme: 'doi', id: doi, paper: null, sources: [] }]);
    });
  });

  it('cites an unpublished paper a tool names by its identifier only', async () => {
    await inRolledBackTransaction(async (query) => {
      const doi = `10.5555/fixture.sciai.hidden-paper.${suffix}`;
      await query('select public.load_catalog($1::jsonb, false)', [
        JSON.stringify([
          {
            slug: `hidden-paper-${suffix}`,
            title: `Secret draft ${suffix}`,
            content_type: 'paper',
            url: 'https://example.org/paper',
            domains: ['biology'],
            paper: { abstract: null, authors: [], doi },
          },
          tool(`names-hidden-${suffix}`, { publication_dois: [doi], publication_sources: ['biotools'] }),
        ]),
      ]);
      await query(`update public.content_items set status = 'pending' where slug = $1`, [`hidden-paper-${suffix}`]);
      const details = (await query(`select public.item_details($1) as d`, [[`names-hidden-${suffix}`]])) as Array<{
        d: unknown;
      }>;
      const text = JSON.stringify(details[0]!.d);
      expect(text).toContain(doi);
      expect(text).not.toContain('Secret draft');
      expect(text).not.toContain(`hidden-paper-${suffix}`);
    });
  });
});
