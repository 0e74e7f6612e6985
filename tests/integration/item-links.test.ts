import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';

/**
 * item_details() lists what a source links an item to (docs/product.md#detail-links): a tool's
 * publications, and on a paper's page the tools that name it; an unpublished paper is in neither.
 */
interface Link {
  slug: string;
  title: string;
  content_type: string;
  year: number | null;
}
interface Detail {
  slug: string;
  publications: Link[];
  describes: Link[];
}

const service = serviceClient();
const suffix = Math.random().toString(36).slice(2, 10);

async function harvest(query: string, publish: boolean, item: Record<string, unknown>): Promise<void> {
  const { data, error } = await service.rpc('begin_harvest', {
    source: 'biotools',
    query: { search: `item links ${query} ${suffix}` },
    publish,
  });
  if (error) throw error;
  const { error: commitError } = await service.rpc('commit_harvest_page', {
    run_id: (data as { run_id: string }).run_id,
    items: [item],
    next_cursor: '',
    finished: true,
  });
  if (commitError) throw commitError;
}

async function slugOf(scheme: string, value: string): Promise<string> {
  const { data, error } = await service
    .from('external_ids')
    .select('content_items(slug)')
    .eq('scheme', scheme)
    .eq('value', value)
    .single();
  if (error) throw error;
  return (data.content_items as unknown as { slug: string }).slug;
}

describe('item links on the detail pages', () => {
  it('lists a tool’s published papers and, on each paper, the tool', async () => {
    const published = `10.5555/fixture.sciai.item-links.${suffix}`;
    const hidden = `10.5555/fixture.sciai.item-links-hidden.${suffix}`;
    await harvest('tool', true, {
      content_type: 'software',
      title: `Linked tool ${suffix}`,
      domains: [],
      ids: [{ scheme: 'biotools', value: `item_links_tool_${suffix}` }],
      metadata: { publication_dois: [published, hidden] },
      software: {},
    });
    await harvest('paper', true, {
      content_type: 'paper',
      title: `Linked paper ${suffix}`,
      domains: [],
      ids: [{ scheme: 'doi', value: published }],
      paper: { doi: published, publication_date: '2019-05-02' },
    });
    await harvest('hidden paper', false, {
      content_type: 'paper',
      title: `Unpublished paper ${suffix}`,
      domains: [],
      ids: [{ scheme: 'doi', value: hidden }],
      paper: { doi: hidden },
    });
    const tool = await slugOf('biotools', `item_links_tool_${suffix}`);
    const paper = await slugOf('doi', published);
    const hiddenPaper = await slugOf('doi', hidden);

    // both links exist; only the published paper's is public
    const { data: toolRow } = await service.from('content_items').select('id').eq('slug', tool).single();
    const { data: relations } = await service.from('item_relations').select('related_id').eq('content_id', toolRow!.id);
    expect(relations).toHaveLength(2);

    const { data, error } = await anonClient().rpc('item_details', { slugs: [tool, paper, hiddenPaper] });
    expect(error).toBeNull();
    const [toolDetail, paperDetail, ...rest] = data as unknown as Detail[];
    expect(rest).toEqual([]);
    expect(toolDetail).toMatchObject({
      slug: tool,
      publications: [{ slug: paper, title: `Linked paper ${suffix}`, content_type: 'paper', year: 2019 }],
      describes: [],
    });
    expect(paperDetail).toMatchObject({
      slug: paper,
      publications: [],
      describes: [{ slug: tool, title: `Linked tool ${suffix}`, content_type: 'software' }],
    });
  });

  it('keeps the helper out of visitors’ reach', async () => {
    const { error } = await anonClient().rpc(
      'item_links' as never,
      { item_id: crypto.randomUUID(), outgoing: true } as never,
    );
    expect(error).not.toBeNull();
  });
});

describe('harvest commits derived and typed facts (docs/product.md#facts)', () => {
  it('keeps a cut author list marked, the first release, and open source from the licence only', async () => {
    await harvest('typed facts', true, {
      content_type: 'software',
      title: `Typed tool ${suffix}`,
      domains: [],
      ids: [{ scheme: 'biotools', value: `typed_tool_${suffix}` }],
      // an open_source a mapper might still send is not taken: the licence says it
      software: { license: 'CC-BY-NC-4.0', open_source: true, first_release: '2016-04-05' },
    });
    await harvest('typed paper', true, {
      content_type: 'paper',
      title: `Typed paper ${suffix}`,
      domains: [],
      authors: ['A. One', 'B. Two'],
      ids: [{ scheme: 'doi', value: `10.5555/fixture.sciai.typed.${suffix}` }],
      paper: { doi: `10.5555/fixture.sciai.typed.${suffix}`, authors_complete: false },
    });
    const tool = await slugOf('biotools', `typed_tool_${suffix}`);
    const paper = await slugOf('doi', `10.5555/fixture.sciai.typed.${suffix}`);
    const { data, error } = await anonClient().rpc('item_details', { slugs: [tool, paper] });
    expect(error).toBeNull();
    const [toolDetail, paperDetail] = data as unknown as Array<
      Record<string, Record<string, unknown>> & { year: number }
    >;
    expect(toolDetail!.year).toBe(2016);
    expect(toolDetail!.software).toMatchObject({
      license: 'CC-BY-NC-4.0',
      open_source: false,
      first_release: '2016-04-05',
    });
    expect(paperDetail!.paper).toMatchObject({ authors: ['A. One', 'B. Two'], authors_complete: false });
  });
});
