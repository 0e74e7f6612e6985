import { describe, expect, it } from 'vitest';
import { DOMAIN_SLUGS, DOMAIN_TREE } from '@sciai/core';
import { withDatabase } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';

describe('the catalog a new SciAI starts with, read as a visitor', () => {
  const anon = anonClient();

  it('holds the catalog built from open sources: at least 3,000 published items, each type in number', async () => {
    const published = async (type: string) => {
      const { count, error } = await anon
        .from('content_items')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'published')
        .eq('content_type', type);
      expect(error).toBeNull();
      return count!;
    };
    const counts = {
      software: await published('software'),
      paper: await published('paper'),
      company: await published('company'),
      agent: await published('agent'),
    };
    expect(counts.software).toBeGreaterThanOrEqual(1_500);
    expect(counts.paper).toBeGreaterThanOrEqual(1_000);
    expect(counts.company).toBeGreaterThanOrEqual(150);
    expect(counts.agent).toBeGreaterThanOrEqual(80);
    expect(counts.software + counts.paper + counts.company + counts.agent).toBeGreaterThanOrEqual(3_000);
  });

  it('says where items come from: every source has items, with its records linked', async () => {
    // the snapshots it was built from; a live source has items once a harvest reads it
    const { data: sources, error } = await anon
      .from('catalog_sources')
      .select('id, license, share_alike')
      .eq('kind', 'snapshot');
    expect(error).toBeNull();
    expect(sources!.length).toBeGreaterThanOrEqual(12);
    for (const source of sources!) {
      const { count } = await anon
        .from('item_sources')
        .select('content_id', { count: 'exact', head: true })
        .eq('source', source.id);
      expect(count, source.id).toBeGreaterThan(0);
    }
    const { data: mace } = await anon
      .from('content_items')
      .select('slug, item_sources(source, record_url)')
      .eq('slug', 'mace')
      .single();
    const records = mace!.item_sources as unknown as Array<{ source: string; record_url: string }>;
    expect(records.map((record) => record.source)).toContain('best-of-atomistic-ml');
    for (const record of records) expect(record.record_url).toMatch(/^https:\/\//);
  });

  it('has real, linked details: AlphaFold with its organisation, domains and software fields', async () => {
    const { data, error } = await anon
      .from('content_items')
      .select(
        'title, url, year, organizations(name, type, size), software(open_source, github_url), content_domains(is_primary, scientific_domains(slug))',
      )
      .eq('slug', 'alphafold')
      .single();
    expect(error).toBeNull();
    expect(data!.title).toMatch(/AlphaFold/);
    expect(data!.url).toMatch(/^https:\/\//);
    const organization = data!.organizations as unknown as { name: string } | null;
    expect(organization?.name).toMatch(/DeepMind/);
    const software = data!.software as unknown as { open_source: boolean } | null;
    expect(software?.open_source).toBe(true);
    const domains = data!.content_domains as unknown as Array<{ is_primary: boolean }>;
    expect(domains.filter((d) => d.is_primary)).toHaveLength(1);
  });

  it('reads the taxonomy: every field the product names, with its parent, icon and colour', async () => {
    const { data, error } = await anon
      .from('scientific_domains')
      .select('id, slug, name, icon, color, parent_id')
      .order('name');
    expect(error).toBeNull();
    expect(data!.map((d) => d.slug).sort()).toEqual([...DOMAIN_SLUGS].sort());
    const slugOf = new Map(data!.map((d) => [d.id, d.slug]));
    const tree = data!.map((d) => ({
      slug: d.slug,
      name: d.name,
      parent: d.parent_id ? slugOf.get(d.parent_id) : null,
    }));
    expect(tree.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual(
      [...DOMAIN_TREE].sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    for (const domain of data!) {
      expect(domain.icon).toBeTruthy();
      expect(domain.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('counts published items per field, those of the fields under it included, and the twelve have 50 each', async () => {
    const { data, error } = await anon.from('domain_counts').select('slug, count');
    expect(error).toBeNull();
    expect(data).toHaveLength(DOMAIN_SLUGS.length);
    const countOf = (slug: string) => data!.find((row) => row.slug === slug)!.count;
    for (const slug of [
      'astronomy',
      'physics',
      'chemistry',
      'materials_science',
      'biology',
      'genomics',
      'medicine',
      'drug_discovery',
      'neuroscience',
      'environmental_science',
      'mathematics',
      'social_science',
    ]) {
      expect(countOf(slug), slug).toBeGreaterThanOrEqual(50);
    }
    for (const parent of ['biology', 'physics', 'medicine']) {
      const expected = await withDatabase(async (db) => {
        const { rows } = await db.query<{ n: number }>(
          `select count(distinct cd.content_id)::int as n
           from public.content_domains cd
           join public.domain_ancestry a on a.domain_id = cd.domain_id
           join public.content_items ci on ci.id = cd.content_id
           where a.ancestor_slug = $1 and ci.status = 'published'`,
          [parent],
        );
        return rows[0]!.n;
      });
      expect(countOf(parent), parent).toBe(expected);
      expect(countOf(parent)).toBeGreaterThan(countOf(DOMAIN_TREE.find((node) => node.parent === parent)!.slug));
    }
  });

  it('finds an item filed under a field when its parent field is browsed', async () => {
    const browse = async (domains: string[]) => {
      const { data, error } = await anon.rpc('search_items', { domains, page_size: 1 });
      expect(error).toBeNull();
      return (data as { total: number }).total;
    };
    const physics = await browse(['physics']);
    expect(physics).toBeGreaterThan(await browse(['particle_physics']));
    expect(physics).toBeGreaterThan(await browse(['astronomy']));
  });

  it('keeps the domain counts exact as items are published, unpublished and deleted', async () => {
    const service = serviceClient();
    const biologyCount = async () =>
      (await anon.from('domain_counts').select('count').eq('slug', 'biology').single()).data!.count as number;
    const before = await biologyCount();
    const slug = `count-check-${Date.now()}`;
    const { data: item } = await service
      .from('content_items')
      .insert({ slug, title: 'Count Check', content_type: 'software', status: 'draft' })
      .select('id')
      .single();
    const { data: biology } = await service.from('scientific_domains').select('id').eq('slug', 'biology').single();
    await service.from('content_domains').insert({ content_id: item!.id, domain_id: biology!.id, is_primary: true });
    expect(await biologyCount()).toBe(before);
    await service
      .from('content_items')
      .update({ status: 'published', published_at: new Date().toISOString() })
      .eq('id', item!.id);
    expect(await biologyCount()).toBe(before + 1);
    await service.from('content_items').update({ status: 'archived' }).eq('id', item!.id);
    expect(await biologyCount()).toBe(before);
    await service.from('content_items').update({ status: 'published' }).eq('id', item!.id);
    await service.from('content_items').delete().eq('id', item!.id);
    expect(await biologyCount()).toBe(before);
  });

  it('has no sample-data notice, and shows only the public settings', async () => {
    const { data, error } = await anon.rpc('public_site_settings');
    expect(error).toBeNull();
    // the catalog built from open sources is not sample data: no notice
    expect(data).toMatchObject({ sample_data_banner: false, registration_open: true });
    expect(data).not.toHaveProperty('require_admin_2fa');
  });
});
