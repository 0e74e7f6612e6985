import { describe, expect, it } from 'vitest';
import { readDefaultCatalog } from '@sciai/server';
import { anonClient } from '../support/clients.ts';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { rpcOf, stageAndCommit } from '../support/csv-import.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

/**
 * docs/product.md#paper-to-cite: the catalog a new SciAI loads links each tool and agent to the
 * catalog's papers it names (by DOI, whatever its case, or arXiv id), with the source naming
 * them; the tool's page cites every paper it names, linked or not, with that source; the paper's
 * page lists the tools. Cases that load items run in a transaction that is rolled back.
 */
interface Link {
  slug: string;
  title: string;
  content_type: string;
  year: number | null;
}
interface PaperToCite {
  scheme: 'doi' | 'arxiv';
  id: string;
  paper: Link | null;
  sources: Array<{ source: string; name: string; record_url: string | null }>;
}
interface Detail {
  slug: string;
  papers_to_cite: PaperToCite[];
  describes: Link[];
  software: { license: string | null; weights_license: string | null; availability: string | null } | null;
  agent: { license: string | null; weights_license: string | null; availability: string | null } | null;
}

async function details(slugs: string[]): Promise<Detail[]> {
  const { data, error } = await anonClient().rpc('item_details', { slugs });
  expect(error).toBeNull();
  return data as unknown as Detail[];
}

/** What the loaded catalog says each tool names and each paper is: the links load must write. */
function expectedLinks(): string[] {
  const { items } = readDefaultCatalog();
  const byDoi = new Map<string, string>();
  const byArxiv = new Map<string, string>();
  for (const item of items) {
    const paper = item.paper as { doi?: string | null; arxiv_id?: string | null } | undefined;
    if (item.content_type !== 'paper' || !paper) continue;
    if (paper.doi) byDoi.set(paper.doi.toLowerCase(), item.slug);
    if (paper.arxiv_id) byArxiv.set(paper.arxiv_id, item.slug);
  }
  const links = new Set<string>();
  for (const item of items) {
    if (item.content_type !== 'software' && item.content_type !== 'agent') continue;
    const metadata = (item.metadata ?? {}) as Record<string, string[] | undefined>;
    const source = metadata.publication_sources?.[0];
    if (!source) continue;
    for (const doi of metadata.publication_dois ?? []) {
      const paper = byDoi.get(doi.toLowerCase());
      if (paper) links.add(`${item.slug} ${paper} ${source}`);
    }
    for (const id of metadata.publication_arxiv_ids ?? []) {
      const paper = byArxiv.get(id);
      if (paper) links.add(`${item.slug} ${paper} ${source}`);
    }
  }
  return [...links].sort();
}

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

const suffix = Math.random().toString(36).slice(2, 8);
const tool = (slug: string, metadata: Record<string, unknown>) => ({
  slug,
  title: `Citing tool ${slug}`,
  content_type: 'software',
  url: 'https://example.org/tool',
  domains: ['biology'],
  metadata,
  software: { programming_languages: [] },
});
const paper = (slug: string, ids: { doi?: string; arxiv_id?: string }) => ({
  slug,
  title: `Cited paper ${slug}`,
  content_type: 'paper',
  url: 'https://example.org/paper',
  domains: ['biology'],
  paper: { abstract: null, authors: [], publication_date: '2021-03-04', ...ids },
});

describe('papers to cite, linked when the catalog loads', () => {
  it('links every tool of the loaded catalog to each catalog paper it names, with the source', async () => {
    const expected = expectedLinks();
    expect(expected.length).toBeGreaterThanOrEqual(38);
    const rows = await withDatabase((db) =>
      db.query<{ link: string }>(
        `select t.slug || ' ' || p.slug || ' ' || r.source as link
         from public.item_relations r
         join public.content_items t on t.id = r.content_id
         join public.content_items p on p.id = r.related_id
         where r.relation = 'publication' and r.source in (select id from public.catalog_sources)
           and t.slug = any ($1)
         order by 1`,
        [[...new Set(expected.map((link) => link.split(' ')[0]!))]],
      ),
    );
    expect(rows.rows.map((row) => row.link).sort()).toEqual(expected);
  });

  it('cites a named paper on the tool’s page with its source, and lists the tool on the paper’s page', async () => {
    const [scibert, cellpose] = await details(['scibert', 'cellpose']);
    // a model an open list names with its paper, which the catalog has
    expect(scibert!.papers_to_cite).toEqual([
      {
        scheme: 'arxiv',
        id: '1903.10676',
        paper: {
          slug: 'scibert-a-pretrained-language-model-for-scientific-text',
          title: expect.stringContaining('SciBERT'),
          content_type: 'paper',
          year: expect.any(Number),
        },
        sources: [
          {
            source: 'scientific-lms',
            name: 'Awesome Scientific Language Models',
            record_url: expect.stringMatching(
              /^https:\/\/github\.com\/yuzhimanhua\/Awesome-Scientific-Language-Models\/blob\//,
            ),
          },
        ],
      },
    ]);
    // a hand-written tool whose bio.tools record names a paper the catalog does not have
    expect(cellpose!.papers_to_cite).toEqual([
      {
        scheme: 'doi',
        id: '10.1101/2020.02.02.931238',
        paper: null,
        sources: [
          { source: 'biotools', name: 'bio.tools', record_url: expect.stringMatching(/^https:\/\/bio\.tools\//) },
        ],
      },
    ]);
    const [scibertPaper] = await details(['scibert-a-pretrained-language-model-for-scientific-text']);
    expect(scibertPaper!.describes.map((link) => link.slug)).toContain('scibert');
    expect(scibertPaper!.papers_to_cite).toEqual([]);
  });

  it('links a tool and a paper loaded in different chunks, in either order, by DOI of any case or arXiv id', async () => {
    await inRolledBackTransaction(async (query) => {
      const load = (items: unknown[]) => query('select public.load_catalog($1::jsonb, false)', [JSON.stringify(items)]);
      const doi = `10.5555/fixture.sciai.paper-links.${suffix}`;
      // the paper first, then a tool naming it in capitals
      await load([paper(`cited-first-${suffix}`, { doi })]);
      await load([
        tool(`citing-later-${suffix}`, { publication_dois: [doi.toUpperCase()], publication_sources: ['biotools'] }),
      ]);
      // a tool first, then the paper it names by arXiv id; a tool no source names papers for: no link
      await load([
        tool(`citing-first-${suffix}`, {
          publication_arxiv_ids: ['2401.99999'],
          publication_sources: ['scientific-lms'],
        }),
        tool(`citing-unsourced-${suffix}`, { publication_arxiv_ids: ['2401.99999'] }),
      ]);
      await load([paper(`cited-later-${suffix}`, { arxiv_id: '2401.99999' })]);
      const links = (await query(
        `select t.slug || ' ' || p.slug || ' ' || r.source as link
         from public.item_relations r
         join public.content_items t on t.id = r.content_id
         join public.content_items p on p.id = r.related_id
         where t.slug like $1 order by 1`,
        [`%-${suffix}`],
      )) as Array<{ link: string }>;
      expect(links.map((row) => row.link)).toEqual([
        `citing-first-${suffix} cited-later-${suffix} scientific-lms`,
        `citing-later-${suffix} cited-first-${suffix} biotools`,
      ]);
      const cited = (await query(
        `select public.item_papers_to_cite(id) as cited from public.content_items where slug = $1`,
        [`citing-unsourced-${suffix}`],
      )) as Array<{ cited: PaperToCite[] }>;
      // still cited, with no source to name and no catalog paper linked
      expect(cited[0]!.cited).toEqual([{ scheme: 'arxiv', id: '2401.99999', paper: null, sources: [] }]);
    });
  });

  it('links a paper imported from a CSV file or approved from a contribution to the tools naming it', async () => {
    const imported = `10.5555/fixture.sciai.imported-paper.${suffix}`;
    const contributed = `10.5555/fixture.sciai.contributed-paper.${suffix}`;
    const toolSlug = `citing-imports-${suffix}`;
    await withDatabase((db) =>
      db.query('select public.load_catalog($1::jsonb, false)', [
        JSON.stringify([
          tool(toolSlug, { publication_dois: [imported, contributed], publication_sources: ['biotools'] }),
        ]),
      ]),
    );
    // the import writes with row triggers off; the link is made all the same
    const admin = await signedInAs('admin', 'paper-links-import');
    const answer = await stageAndCommit(rpcOf(admin.client), 'paper', [
      { row_number: 2, title: `Imported cited paper ${suffix}`, doi: imported.toUpperCase(), domains: [], authors: [] },
    ]);
    expect(answer.error).toBeNull();

    const contributor = await signedInAs('user', 'paper-links-contributor');
    const moderator = await signedInAs('moderator', 'paper-links-moderator');
    const draft = validDraft(await domainIds(contributor.client), {
      contentType: 'paper',
      title: `Contributed cited paper ${suffix}`,
    });
    draft.paper = { ...draft.paper, doi: contributed, journal: 'Journal', year: '2022', authors: ['A. Author'] };
    const id = await submit(contributor.client, contributor.userId, rowOf(draft));
    const approved = await moderator.client.rpc('approve_submission', { submission_id: id });
    expect(approved.error).toBeNull();

    const [citing] = await details([toolSlug]);
    expect(citing!.papers_to_cite.map((entry) => [entry.id, entry.paper?.title ?? null])).toEqual([
      [imported, `Imported cited paper ${suffix}`],
      [contributed, `Contributed cited paper ${suffix}`],
    ]);
    const papers = await details(citing!.papers_to_cite.map((entry) => entry.paper!.slug));
    for (const paperDetail of papers) expect(paperDetail.describes.map((link) => link.slug)).toEqual([toolSlug]);
  });

  it('keeps the code licence, the weights licence and availability apart, each only where stated', async () => {
    const [boltz, alphafold, coScientist] = await details(['boltz', 'alphafold', 'google-ai-co-scientist']);
    expect(boltz!.software).toMatchObject({ license: 'MIT', weights_license: 'MIT', availability: 'open' });
    // an open code licence says nothing of the weights
    expect(alphafold!.software).toMatchObject({ license: 'Apache-2.0', weights_license: null, availability: null });
    expect(coScientist!.agent).toMatchObject({ weights_license: null, availability: 'waitlist' });
    // built items state neither: no source of the catalog does
    const stated = await withDatabase((db) =>
      db.query<{ n: number }>(
        `select count(*)::int as n from (
           select content_id, weights_license, availability from public.software
           union all select content_id, weights_license, availability from public.agents) t
         where (t.weights_license is not null or t.availability is not null)
           and exists (select 1 from public.item_sources i where i.content_id = t.content_id)
           and not exists (select 1 from public.content_items ci where ci.id = t.content_id
                           and ci.metadata -> 'prior' -> 'components' @> '[{"fact": "editors_selection"}]')`,
      ),
    );
    expect(stated.rows[0]!.n).toBe(0);
  });

  it('refuses an availability the catalog does not know and an empty weights licence', async () => {
    await inRolledBackTransaction(async (query) => {
      await expect(
        query('select public.load_catalog($1::jsonb, false)', [
          JSON.stringify([{ ...tool(`bad-availability-${suffix}`, {}), software: { availability: 'free-ish' } }]),
        ]),
      ).rejects.toThrow(/availability/);
    });
    await inRolledBackTransaction(async (query) => {
      await expect(
        query('select public.load_catalog($1::jsonb, false)', [
          JSON.stringify([{ ...tool(`bad-weights-${suffix}`, {}), software: { weights_license: '  ' } }]),
        ]),
      ).rejects.toThrow(/weights_license/);
    });
  });
});
