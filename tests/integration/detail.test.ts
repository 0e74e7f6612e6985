import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { domainWithAncestors } from '@sciai/core';
import { anonClient, serviceClient } from '../support/clients.ts';

/** The shape item_details() returns, as far as these tests read it. */
interface Detail {
  slug: string;
  title: string;
  content_type: string;
  status: string;
  view_count: number;
  tags: string[];
  organization: { name: string; type: string | null; size: string | null; website: string | null } | null;
  domains: Array<{ slug: string; name: string; icon: string; color: string; is_primary: boolean }>;
  software: Record<string, unknown> | null;
  paper: (Record<string, unknown> & { authors: string[] }) | null;
  company: Record<string, unknown> | null;
  agent: Record<string, unknown> | null;
}
interface Summary {
  slug: string;
  title: string;
  content_type: string;
  organization_name: string | null;
  summary: string;
}

const anon = anonClient();
const service = serviceClient();

async function details(slugs: string[], client = anon): Promise<Detail[]> {
  const { data, error } = await client.rpc('item_details', { slugs });
  expect(error).toBeNull();
  return data as Detail[];
}

describe('item_details', () => {
  it('returns each type with its own block, the organisation and the fields, primary first', async () => {
    const [tool, paper, company, agent] = await details([
      'alphafold',
      'alphafold-2-paper',
      'isomorphic-labs',
      'chemcrow',
    ]);

    expect(tool).toMatchObject({
      slug: 'alphafold',
      title: 'AlphaFold 2',
      content_type: 'software',
      organization: {
        name: 'Google DeepMind',
        type: 'company',
        size: 'enterprise',
        website: 'https://deepmind.google',
      },
      software: {
        pricing_model: 'free',
        open_source: true,
        github_url: 'https://github.com/google-deepmind/alphafold',
        api_available: false,
        license: 'Apache-2.0',
        programming_languages: ['Python'],
      },
      paper: null,
      company: null,
      agent: null,
    });
    // stars and citations come only from the enrich signals, with their source and date
    expect(tool!.software).not.toHaveProperty('github_stars');
    expect(tool).toHaveProperty('figures');
    expect(tool!.domains.map((domain) => domain.slug)).toEqual(['computational_biology', 'biology', 'drug_discovery']);
    expect(tool!.domains[0]).toEqual({
      slug: 'computational_biology',
      name: 'Computational Biology',
      icon: 'binary-tree',
      color: '#099268',
      is_primary: true,
    });
    expect(tool!.domains.slice(1).every((domain) => !domain.is_primary)).toBe(true);

    expect(paper).toMatchObject({
      content_type: 'paper',
      software: null,
      paper: {
        journal_name: 'Nature',
        doi: '10.1038/s41586-021-03819-2',
        peer_reviewed: true,
        publication_date: '2021-07-15',
      },
    });
    expect(paper!.paper!.authors.slice(0, 3)).toEqual(['John Jumper', 'Richard Evans', 'Alexander Pritzel']);
    expect(paper!.paper!.key_findings).toHaveLength(3);

    expect(company).toMatchObject({
      content_type: 'company',
      company: {
        // the sample's funding stage and size have no date or source: not answered (docs/product.md#facts)
        funding_stage: null,
        employee_count: null,
        founded_year: 2021,
        headquarters: 'London, United Kingdom',
      },
      software: null,
      paper: null,
      agent: null,
    });
    expect(agent).toMatchObject({
      content_type: 'agent',
      agent: { interaction_mode: 'notebook', open_source: true, pricing_model: 'free' },
      company: null,
    });
    expect(agent!.agent!.capabilities).toContain('Synthesis planning');
  });

  it('keeps the order asked and leaves out slugs it does not know', async () => {
    const rows = await details(['chemcrow', 'no-such-item', 'alphafold']);
    expect(rows.map((row) => row.slug)).toEqual(['chemcrow', 'alphafold']);
  });
});

describe('unpublished items', () => {
  const slug = `detail-draft-${Date.now()}`;
  beforeAll(async () => {
    const { data, error } = await service
      .from('content_items')
      .insert({
        slug,
        title: 'Alphafold Draft Detail',
        content_type: 'software',
        status: 'draft',
        tags: ['protein structure'],
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    await service.from('software').insert({ content_id: data!.id, pricing_model: 'free' });
  });
  afterAll(async () => {
    await service.from('content_items').delete().eq('slug', slug);
  });

  it('are not returned, related or suggested to visitors, nor counted', async () => {
    expect(await details([slug])).toEqual([]);
    // Not even to the service role: the function is about the public catalog.
    expect(await details([slug], service)).toEqual([]);
    const related = await anon.rpc('related_items', { item_slug: 'alphafold', max_items: 24 });
    expect((related.data as Summary[]).map((item) => item.slug)).not.toContain(slug);
    const similar = await anon.rpc('similar_items', { query: slug, max_items: 12 });
    expect((similar.data as Summary[]).map((item) => item.slug)).not.toContain(slug);
    expect((await anon.rpc('related_items', { item_slug: slug, max_items: 4 })).data).toEqual([]);
  });
});

describe('related_items', () => {
  it('gives up to four other items sharing a field or a tag, the most shared first', async () => {
    const { data, error } = await anon.rpc('related_items', { item_slug: 'alphafold', max_items: 4 });
    expect(error).toBeNull();
    const related = data as Summary[];
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.map((item) => item.slug)).not.toContain('alphafold');

    // fields count with the fields above them, as the browse index files them (docs/product.md#fields)
    const withParents = (item: Detail) => new Set(item.domains.flatMap((domain) => domainWithAncestors(domain.slug)));
    const [self] = await details(['alphafold']);
    const fields = withParents(self!);
    const tags = new Set(self!.tags);
    const shared = (item: Detail) =>
      [...withParents(item)].filter((field) => fields.has(field)).length +
      item.tags.filter((tag) => tags.has(tag)).length;
    const relatedDetails = await details(related.map((item) => item.slug));
    const scores = relatedDetails.map(shared);
    expect(scores.every((score) => score > 0)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(related[0]).toMatchObject({ title: expect.any(String), summary: expect.any(String) });
  });

  it('is empty for an unknown item', async () => {
    expect((await anon.rpc('related_items', { item_slug: 'no-such-item', max_items: 4 })).data).toEqual([]);
  });
});

describe('similar_items', () => {
  it('suggests items whose slug or title looks like a mistyped slug', async () => {
    const { data } = await anon.rpc('similar_items', { query: 'alphafoldd', max_items: 3 });
    const similar = data as Summary[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(3);
    expect(similar[0]!.slug).toBe('alphafold');
    expect((await anon.rpc('similar_items', { query: 'zzqqxxvvww', max_items: 3 })).data).toEqual([]);
  });
});

describe('record_item_view', () => {
  const backend = inject('backend');
  const BROWSER_A = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const BROWSER_B =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
  const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  const slug = 'boltz';

  /** supabase-js as a browser with this user agent would call it. */
  const visitor = (userAgent: string, extra: Record<string, string> = {}) =>
    createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'user-agent': userAgent, 'x-forwarded-for': '198.18.7.1', ...extra } },
    });
  const views = async () => (await details([slug]))[0]!.view_count;

  it('counts a visitor once a day, another visitor again, and never a bot', async () => {
    const before = await views();

    const first = await visitor(BROWSER_A).rpc('record_item_view', { item_slug: slug });
    expect(first.error).toBeNull();
    expect(first.data).toBe(true);
    expect(await views()).toBe(before + 1);

    // The same visitor again, even claiming another visitor id: the gateway sets the id.
    const again = await visitor(BROWSER_A, { 'x-sciai-visitor': 'f'.repeat(64) }).rpc('record_item_view', {
      item_slug: slug,
    });
    expect(again.data).toBe(false);
    expect(await views()).toBe(before + 1);

    // Another visitor is another address (the gateway counts one view per address, item and day).
    expect(
      (await visitor(BROWSER_B, { 'x-forwarded-for': '198.18.7.2' }).rpc('record_item_view', { item_slug: slug })).data,
    ).toBe(true);
    expect(await views()).toBe(before + 2);

    const bot = await fetch(`${backend.url}/rest/v1/rpc/record_item_view`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
        'user-agent': GOOGLEBOT,
      },
      body: JSON.stringify({ item_slug: slug }),
    });
    expect(bot.status).toBe(204);
    expect(await bot.text()).toBe('');
    expect(await views()).toBe(before + 2);
  });

  it('counts nothing for unknown or unpublished items, and keeps the item unedited', async () => {
    const { data } = await visitor(BROWSER_A).rpc('record_item_view', { item_slug: 'no-such-item' });
    expect(data).toBe(false);
    // A view is not an edit: updated_at (the sitemap's lastmod) stays.
    const { data: rows } = await service
      .from('content_items')
      .select('updated_at, created_at')
      .eq('slug', slug)
      .single();
    expect(rows!.updated_at).toBe(rows!.created_at);
  });

  it('keeps the view log private', async () => {
    const { data, error } = await anon.from('item_views').select('*').limit(1);
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});
