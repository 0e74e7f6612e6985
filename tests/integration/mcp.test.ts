import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { buildGateway, REPO_ROOT } from '@sciai/server';
import { anonClient, serviceClient } from '../support/clients.ts';
import { connectHttpClient, connectStdioClient } from '../support/mcp-clients.ts';
import { withDatabase } from '../support/auth.ts';
import { makeMaintainer, replyCall } from '../support/review-replies.ts';
import { reviewerAs, reviewsPage, reviewText } from '../support/reviews.ts';
import { createTestItem } from '../support/test-items.ts';

/**
 * The SciAI MCP server (core/src/mcp) as agents reach it: `sciai mcp` over stdio and the
 * gateway's /mcp over Streamable HTTP, with the SDK's own client, on the catalog.
 */
const backend = inject('backend');
const TOOLS = [
  'compare_items',
  'get_item',
  'item_history',
  'list_domains',
  'list_reviews',
  'recent_additions',
  'related_items',
  'search_catalog',
];

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: unknown };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}
const text = (answer: ToolAnswer) => answer.content.map((part) => part.text ?? '').join('\n');

describe.each([
  ['stdio (sciai mcp)', () => connectStdioClient(backend)],
  ['Streamable HTTP (/mcp)', () => connectHttpClient(backend.url)],
])('MCP over %s', (_name, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  it('initializes as sciai and lists the eight read-only tools with input and output schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('sciai');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((tool) => tool.name === 'search_catalog')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'content_types', 'domains', 'features', 'sort', 'page', 'page_size']),
    );
  });

  it('searches with text, filters and sort, with links to the item pages', async () => {
    const answer = await call(client, 'search_catalog', { query: 'protein structure', content_types: ['software'] });
    expect(answer.isError).toBeFalsy();
    const result = answer.structuredContent as {
      total: number;
      items: Array<{ slug: string; url: string; content_type: string }>;
      browse_url: string;
    };
    expect(result.total).toBeGreaterThan(0);
    expect(result.items.every((item) => item.content_type === 'software')).toBe(true);
    const alphafold = result.items.find((item) => item.slug === 'alphafold');
    expect(alphafold?.url).toBe(`${backend.url}/tool/alphafold`);
    expect(result.browse_url).toMatch(new RegExp(`^${backend.url}/browse\\?`));
    expect(text(answer)).toContain(`${backend.url}/tool/alphafold`);
  });

  it('filters by operation and input data like browse, and links the same browse view', async () => {
    const answer = await call(client, 'search_catalog', {
      operations: ['Image analysis'],
      input_data: ['Image'],
      page_size: 50,
    });
    expect(answer.isError).toBeFalsy();
    const result = answer.structuredContent as { total: number; items: Array<{ slug: string }>; browse_url: string };
    expect(result.items.map((item) => item.slug)).toContain('astrocyte-quantification-and-analysis-aqua');
    expect(result.total).toBeLessThan(50);
    const browse = new URL(result.browse_url).searchParams;
    expect(browse.getAll('operation')).toEqual(['Image analysis']);
    expect(browse.getAll('input')).toEqual(['Image']);
    const tooMany = await call(client, 'search_catalog', {
      operations: Array.from({ length: 21 }, (_, i) => `Operation ${i}`),
    });
    expect(tooMany.isError).toBe(true);
  });

  it('says when the items match only some of the words', async () => {
    const answer = await call(client, 'search_catalog', { query: 'alphafold zzqxj' });
    expect(answer.isError).toBeFalsy();
    const result = answer.structuredContent as {
      total: number;
      partial_match?: boolean;
      items: Array<{ slug: string }>;
    };
    expect(result.partial_match).toBe(true);
    expect(result.items[0]?.slug).toMatch(/alphafold/);
    expect(text(answer)).toContain('No exact matches');
    const exact = await call(client, 'search_catalog', { query: 'alphafold' });
    expect((exact.structuredContent as { partial_match?: boolean }).partial_match).toBeUndefined();
  });

  it('says where the items matching only some of the words begin on a short first page', async () => {
    const answer = await call(client, 'search_catalog', { query: 'climate nlp' });
    const result = answer.structuredContent as { total: number; partial_from?: number; items: unknown[] };
    expect(result.total).toBeGreaterThan(0);
    expect(result.partial_from).toBe(result.total);
    expect(result.items.length).toBeGreaterThan(result.total);
    const lines = text(answer).split('\n');
    expect(lines.indexOf('Items matching some of your words:')).toBe(1 + result.total);
  });

  // docs/product.md#browse-cards: ratings are the reviews' triggers' to write; here the service role's
  it('sorts and filters by rating, and names the rating in search results and get_item', async () => {
    const service = serviceClient();
    const { data: alphafold } = await service.from('content_items').select('id').eq('slug', 'alphafold').single();
    const { error } = await service.from('item_ratings').upsert({
      content_id: alphafold!.id,
      verified_count: 12,
      verified_average: 4.62,
      rating_score: 4.4,
      other_count: 3,
      other_average: 3.67,
    });
    expect(error).toBeNull();
    try {
      const search = await call(client, 'search_catalog', {
        features: ['rated_4_up'],
        sort: 'highest_rated',
        content_types: ['software'],
      });
      expect(search.isError).toBeFalsy();
      const result = search.structuredContent as {
        items: Array<{ slug: string; rating: unknown }>;
        browse_url: string;
      };
      expect(result.items[0]).toMatchObject({
        slug: 'alphafold',
        rating: { verified_count: 12, verified_average: 4.62, score: 4.4, other_count: 3, other_average: 3.67 },
      });
      expect(result.browse_url).toContain('feature=rated_4_up');
      expect(result.browse_url).toContain('sort=highest_rated');
      expect(text(search)).toContain('4.6 ★ (12)');
      const item = await call(client, 'get_item', { slug: 'alphafold' });
      expect((item.structuredContent as { item: { rating: unknown } }).item.rating).toMatchObject({
        verified_count: 12,
      });
      expect(text(item)).toContain(
        'Rating: Rated 4.6 out of 5 by 12 ORCID-verified reviewers; 3 other reviews, 3.7 ★ on average',
      );
      const unrated = await call(client, 'get_item', { slug: 'chemdataextractor' });
      expect((unrated.structuredContent as { item: { rating: unknown } }).item.rating).toBeNull();
    } finally {
      await service.from('item_ratings').delete().eq('content_id', alphafold!.id);
    }
  });

  it('gets an item by slug and by id', async () => {
    const bySlug = await call(client, 'get_item', { slug: 'alphafold' });
    expect(bySlug.isError).toBeFalsy();
    const { item, url } = bySlug.structuredContent as {
      url: string;
      item: { id: string; title: string; content_type: string };
    };
    expect(item.content_type).toBe('software');
    expect(url).toBe(`${backend.url}/tool/alphafold`);
    const byId = await call(client, 'get_item', { id: item.id });
    expect((byId.structuredContent as { item: { title: string } }).item.title).toBe(item.title);
    const missing = await call(client, 'get_item', { slug: 'no-such-item-anywhere' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('No published item has the slug');
  });

  it("gives an item's rating and reviews: in get_item the most helpful, in list_reviews a page", async () => {
    const item = await createTestItem('software', 'mcp-reviewed');
    const reviewer = await reviewerAs('mcp-reviewer', { institution: 'Lab <b>of</b> Tests' });
    await withDatabase((db) =>
      db.query(
        `insert into public.item_reviews (content_id, user_id, rating, body, used_for_task, status)
         values ($1, $2, 4, $3, 'Docking *fast*', 'published')`,
        [item.id, reviewer.userId, `${reviewText('mcp')} <script>alert(1)</script>`],
      ),
    );
    const got = await call(client, 'get_item', { slug: item.slug });
    expect(got.isError).toBeFalsy();
    expect((got.structuredContent as { reviews: unknown }).reviews).toMatchObject({
      rating: { verified_count: 0, other_count: 1, other_average: 4 },
      total: 1,
      top: [{ rating: 4, used_for: 'Docking *fast*', reviewer: { name: 'Dr mcp-reviewer', orcid_verified: false } }],
    });
    expect(text(got)).toContain(
      'Reviews (1): no reviews by reviewers with a verified ORCID iD; 4.0/5 from 1 other reviewers.',
    );
    expect(text(got)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text(got)).not.toContain('<script>');

    const maintainer = await reviewerAs('mcp-maintainer');
    await makeMaintainer(item.id, maintainer.userId);
    const reviewId = (await reviewsPage(anonClient(), item.id)).reviews[0]!.id;
    expect((await replyCall(maintainer.client, 'reply_to_review', reviewId, 'Fixed in *2.0*.')).code).toBeUndefined();
    const listed = await call(client, 'list_reviews', { slug: item.slug, sort: 'newest' });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({
      total: 1,
      page: 1,
      has_more: false,
      reviews: [
        {
          rating: 4,
          reply: {
            text: 'Fixed in *2.0*.',
            edited: false,
            author: { name: 'Dr mcp-maintainer', current_maintainer: true },
          },
        },
      ],
    });
    expect(text(listed)).toContain('Reply from the maintainer, Dr mcp-maintainer');
    expect(JSON.stringify(listed.structuredContent)).not.toContain(reviewer.userId);
    expect(JSON.stringify(listed.structuredContent)).not.toContain(maintainer.userId);
    const unknown = await call(client, 'list_reviews', { slug: 'no-such-item-anywhere' });
    expect(unknown.isError).toBe(true);
  });

  it("reads an item's history: the versions, then one with its old and new values", async () => {
    const item = await createTestItem('software', 'mcp-history');
    await withDatabase((db) =>
      db.query("update public.content_items set title = 'MCP history *renamed*' where id = $1", [item.id]),
    );
    const listed = await call(client, 'item_history', { slug: item.slug });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({
      url: `${backend.url}/tool/${item.slug}`,
      total: 1,
      has_more: false,
      versions: [{ version: 1, by: 'SciAI', actor: 'system', fields: ['title'] }],
    });
    const one = await call(client, 'item_history', { slug: item.slug, version: 1 });
    expect((one.structuredContent as { versions: unknown[] }).versions).toEqual([
      expect.objectContaining({
        changes: { title: { old: item.title, new: 'MCP history *renamed*' } },
        url: `${backend.url}/tool/${item.slug}?tab=history&version=1`,
      }),
    ]);
    expect(text(one)).toContain(`- Name: ${item.title} → MCP history \\*renamed\\*`);
    expect((await call(client, 'item_history', { slug: item.slug, version: 2 })).isError).toBe(true);
  });

  it('says where an item comes from: each record with its licence and date, and the credit asked', async () => {
    const answer = await call(client, 'get_item', { slug: 'chemdataextractor' });
    expect(answer.isError).toBeFalsy();
    const { item } = answer.structuredContent as { item: { sources: Array<Record<string, unknown>> } };
    expect(item.sources).toEqual([
      expect.objectContaining({
        source: 'best-of-atomistic-ml',
        name: 'best-of-atomistic-machine-learning',
        kind: 'snapshot',
        license: 'CC-BY-SA-4.0',
        share_alike: true,
        snapshot_date: '2026-08-22',
        fetched_on: null,
        credit: expect.stringContaining('CC BY-SA 4.0'),
      }),
    ]);
    expect(text(answer)).toMatch(
      /Sources:\n- best-of-atomistic-machine-learning \(CC BY-SA 4\.0 \(share-alike\), snapshot of 2026-08-22\): https:\/\/github\.com\//,
    );
    expect(text(answer)).toMatch(/Credit: best-of-atomistic-machine-learning .*CC BY-SA 4\.0/);
    // an item no source lists says nothing of sources
    const unsourced = await call(client, 'get_item', { slug: 'alphafold' });
    const { item: plain } = unsourced.structuredContent as { item: { sources: unknown[] } };
    if (plain.sources.length === 0) expect(text(unsourced)).not.toContain('Sources:');
  });

  it('compares items in the compare page’s rows', async () => {
    const answer = await call(client, 'compare_items', { slugs: ['alphafold', 'chemcrow', 'no-such-item'] });
    expect(answer.isError).toBeFalsy();
    const result = answer.structuredContent as {
      items: Array<{ slug: string }>;
      missing: string[];
      rows: Array<{ key: string; cells: unknown[]; differs: boolean }>;
      compare_url: string;
    };
    expect(result.items.map((item) => item.slug)).toEqual(['alphafold', 'chemcrow']);
    expect(result.missing).toEqual(['no-such-item']);
    expect(result.rows.map((row) => row.key)).toEqual(
      expect.arrayContaining(['type', 'organization', 'domains', 'verified']),
    );
    for (const row of result.rows) expect(row.cells).toHaveLength(2);
    expect(result.compare_url).toBe(`${backend.url}/compare?items=alphafold,chemcrow`);
  });

  it('lists related items, domains with counts and recent additions', async () => {
    const related = await call(client, 'related_items', { slug: 'alphafold', limit: 3 });
    expect((related.structuredContent as { items: unknown[] }).items.length).toBeGreaterThan(0);
    const domains = await call(client, 'list_domains', {});
    const list = (domains.structuredContent as { domains: Array<{ slug: string; item_count: number }> }).domains;
    expect(list.find((domain) => domain.slug === 'computational_biology')?.item_count).toBeGreaterThan(0);
    const recent = await call(client, 'recent_additions', { since: '2000-01-01', limit: 5 });
    expect((recent.structuredContent as { items: unknown[] }).items).toHaveLength(5);
    const future = await call(client, 'recent_additions', { since: '2999-01-01' });
    expect((future.structuredContent as { items: unknown[] }).items).toEqual([]);
  });

  it('reads an item resource and offers the research-task prompt', async () => {
    const { contents } = await client.readResource({ uri: 'sciai://item/software/alphafold' });
    const [content] = contents;
    expect(content && 'text' in content ? JSON.parse(content.text).item.slug : content).toBe('alphafold');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('sciai://item/{type}/{slug}');
    const prompt = await client.getPrompt({
      name: 'find_tools_for_research_task',
      arguments: { task: 'segment cells in microscopy images' },
    });
    expect(JSON.stringify(prompt.messages)).toContain('segment cells in microscopy images');
  });
});

describe('MCP on a gateway serving a hosted project', () => {
  it('answers /mcp through the project’s Data API, with links to its own origin', async () => {
    // The test backend stands in for the hosted project; this gateway has no backend of its own.
    const gateway = await buildGateway({
      backend: undefined,
      publicSupabase: { url: backend.url, anonKey: backend.anonKey },
      webDist: process.env.WEB_DIST ?? join(REPO_ROOT, 'web/dist'),
      logLevel: 'warn',
      redisUrl: undefined,
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const address = gateway.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    let client: Client | undefined;
    try {
      client = await connectHttpClient(origin);
      const answer = await call(client, 'get_item', { slug: 'alphafold' });
      expect(answer.isError, text(answer)).toBeFalsy();
      expect((answer.structuredContent as { url: string }).url).toBe(`${origin}/tool/alphafold`);
      const compared = await call(client, 'compare_items', { slugs: ['alphafold', 'chemcrow'] });
      expect((compared.structuredContent as { rows: unknown[] }).rows.length).toBeGreaterThan(3);
    } finally {
      await client?.close();
      await gateway.close();
    }
  });
});
