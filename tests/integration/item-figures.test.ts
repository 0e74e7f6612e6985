import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients.ts';
import { withDatabase } from '../support/auth.ts';
import { createTestItem, type TestItem } from '../support/test-items.ts';

/**
 * docs/product.md#facts: a star or citation figure is shown only with its source and date. The
 * item's details, its ready card and its browse row read the enrich signals alone; the
 * catalog's undated columns (software.github_stars, papers.citation_count) are never shown nor
 * sorted on. A company's funding stage and size come only with their date and source.
 */
interface Figure {
  value: number;
  source: string;
  as_of: string;
  via?: string;
}
interface Detail {
  slug: string;
  figures: { github_stars?: Figure; citations?: Figure };
  software: Record<string, unknown> | null;
  paper: Record<string, unknown> | null;
  company: Record<string, unknown> | null;
}

async function details(slugs: string[]): Promise<Detail[]> {
  const { data, error } = await anonClient().rpc('item_details', { slugs });
  expect(error).toBeNull();
  return data as Detail[];
}

async function cards(ids: string[]): Promise<Array<Record<string, unknown>>> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ cards: Array<Record<string, unknown>> }>(
      'select public.item_cards($1::uuid[]) as cards',
      [ids],
    );
    return rows[0]!.cards;
  });
}

async function browseRow(id: string) {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ stars: number | null; citations: number | null }>(
      'select stars, citations from public.content_search where content_id = $1',
      [id],
    );
    return rows[0]!;
  });
}

describe('star and citation figures', () => {
  let listed: TestItem;
  let unread: TestItem;
  let paper: TestItem;
  let company: TestItem;
  let undatedCompany: TestItem;

  beforeAll(async () => {
    listed = await createTestItem('software', 'figures-listed');
    unread = await createTestItem('software', 'figures-unread');
    paper = await createTestItem('paper', 'figures-paper');
    company = await createTestItem('company', 'figures-company');
    undatedCompany = await createTestItem('company', 'figures-undated');
    await withDatabase(async (db) => {
      // the catalog's own columns say something; only the signals may be shown
      await db.query(`insert into public.software (content_id, github_stars) values ($1, 13800), ($2, 13800)`, [
        listed.id,
        unread.id,
      ]);
      await db.query(`insert into public.papers (content_id, citation_count) values ($1, 900)`, [paper.id]);
      await db.query(
        `insert into public.item_signals (content_id, signal, source, value_num, as_of, detail) values
           ($1, 'github_stars', 'github', 1234, '2026-08-20T06:00:00Z',
            '{"via_name": "best-of-atomistic-machine-learning"}'),
           ($2, 'citations', 'openalex', 310.4, '2026-09-02T00:00:00Z', '{}'),
           ($2, 'github_stars', 'github', -1, '2026-09-02T00:00:00Z', '{}')`,
        [listed.id, paper.id],
      );
      await db.query(
        `insert into public.companies (content_id, funding_stage, funding_stage_as_of, funding_stage_source,
           employee_count, employee_count_as_of)
         values ($1, 'Series A', '2026-03-01', 'https://example.org/series-a', '11-50', '2026-03-01'),
                ($2, 'Seed', null, 'https://example.org/seed', '1-10', null)`,
        [company.id, undatedCompany.id],
      );
    });
  });

  afterAll(async () => {
    await withDatabase((db) =>
      db.query('delete from public.content_items where id = any ($1::uuid[])', [
        [listed, unread, paper, company, undatedCompany].map((item) => item.id),
      ]),
    );
  });

  it('gives the details each figure with its source, date and list, and none without a signal', async () => {
    const [tool, none, article] = await details([listed.slug, unread.slug, paper.slug]);
    expect(tool!.figures).toEqual({
      github_stars: {
        value: 1234,
        source: 'github',
        as_of: expect.stringMatching(/^2026-08-20T06:00:00/),
        via: 'best-of-atomistic-machine-learning',
      },
    });
    expect(none!.figures).toEqual({});
    // a negative count is no figure; a fraction is rounded
    expect(article!.figures).toEqual({
      citations: { value: 310, source: 'openalex', as_of: expect.stringMatching(/^2026-09-02T00:00:00/) },
    });
    // the undated columns are not answered at all
    expect(tool!.software).not.toHaveProperty('github_stars');
    expect(article!.paper).not.toHaveProperty('citation_count');
  });

  it('puts the same figures on the ready cards, and sorts by them alone', async () => {
    const [tool, none, article] = await cards([listed.id, unread.id, paper.id]);
    expect(tool).toMatchObject({ figures: { github_stars: { value: 1234, source: 'github' } } });
    expect(tool).not.toHaveProperty('github_stars');
    expect(none).toMatchObject({ figures: {} });
    expect(article).toMatchObject({ figures: { citations: { value: 310, source: 'openalex' } } });
    expect(article).not.toHaveProperty('citation_count');

    expect(await browseRow(listed.id)).toEqual({ stars: 1234, citations: null });
    expect(await browseRow(unread.id)).toEqual({ stars: null, citations: null });
    expect(await browseRow(paper.id)).toEqual({ stars: null, citations: 310 });
  });

  it('follows a new signal and its removal', async () => {
    await withDatabase(async (db) => {
      await db.query(
        `insert into public.item_signals (content_id, signal, source, value_num, as_of)
         values ($1, 'github_stars', 'github', 42, '2026-10-01T00:00:00Z')`,
        [unread.id],
      );
    });
    expect((await details([unread.slug]))[0]!.figures).toEqual({
      github_stars: { value: 42, source: 'github', as_of: expect.stringMatching(/^2026-10-01/) },
    });
    expect((await cards([unread.id]))[0]).toMatchObject({ figures: { github_stars: { value: 42 } } });
    await withDatabase((db) => db.query('delete from public.item_signals where content_id = $1', [unread.id]));
    expect((await details([unread.slug]))[0]!.figures).toEqual({});
    expect((await cards([unread.id]))[0]).toMatchObject({ figures: {} });
    expect(await browseRow(unread.id)).toEqual({ stars: null, citations: null });
  });

  it('keeps the helper out of visitors’ reach: they read the figures through the details and cards', async () => {
    const { error } = await anonClient().rpc('item_figures' as never, { item_ids: [listed.id] } as never);
    expect(error).not.toBeNull();
  });

  it("shows a company's funding stage and size only with both their date and source", async () => {
    const [dated, undated] = await details([company.slug, undatedCompany.slug]);
    expect(dated!.company).toMatchObject({
      funding_stage: 'Series A',
      funding_stage_as_of: '2026-03-01',
      funding_stage_source: 'https://example.org/series-a',
      // a date without a source is not enough
      employee_count: null,
    });
    expect(undated!.company).toMatchObject({ funding_stage: null, employee_count: null });

    const [datedCard, undatedCard] = await cards([company.id, undatedCompany.id]);
    expect(datedCard).toMatchObject({
      funding_stage: 'Series A',
      funding_stage_as_of: '2026-03-01',
      employee_count: null,
    });
    expect(undatedCard).toMatchObject({ funding_stage: null, employee_count: null });
  });
});
