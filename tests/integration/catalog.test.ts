import { describe, expect, it } from 'vitest';
import { DOMAIN_SLUGS } from '@sciai/core';
import { anonClient, serviceClient } from '../support/clients.ts';

describe('the sample catalog, read as a visitor', () => {
  const anon = anonClient();

  it('holds at least 150 published items of every type', async () => {
    const { data, error } = await anon.from('content_items').select('content_type').eq('status', 'published');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(150);
    const perType = Object.groupBy(data!, (row) => row.content_type as string);
    expect(perType.software?.length).toBeGreaterThanOrEqual(60);
    expect(perType.paper?.length).toBeGreaterThanOrEqual(40);
    expect(perType.company?.length).toBeGreaterThanOrEqual(25);
    expect(perType.agent?.length).toBeGreaterThanOrEqual(25);
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

  it('reads the taxonomy: every field the product names, with icon and colour', async () => {
    const { data, error } = await anon.from('scientific_domains').select('slug, name, icon, color').order('name');
    expect(error).toBeNull();
    expect(data!.map((d) => d.slug).sort()).toEqual([...DOMAIN_SLUGS].sort());
    for (const domain of data!) {
      expect(domain.icon).toBeTruthy();
      expect(domain.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('counts published items per domain, and every domain has some', async () => {
    const { data, error } = await anon.from('domain_counts').select('slug, count');
    expect(error).toBeNull();
    expect(data).toHaveLength(DOMAIN_SLUGS.length);
    for (const row of data!) expect(row.count, row.slug).toBeGreaterThanOrEqual(5);

    const { count } = await anon
      .from('content_domains')
      .select('content_id, scientific_domains!inner(slug)', { count: 'exact', head: true })
      .eq('scientific_domains.slug', 'biology');
    expect(data!.find((row) => row.slug === 'biology')!.count).toBe(count);
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

  it('shows the sample-data banner setting, and only the public settings', async () => {
    const { data, error } = await anon.rpc('public_site_settings');
    expect(error).toBeNull();
    expect(data).toMatchObject({ sample_data_banner: true, registration_open: true });
    expect(data).not.toHaveProperty('require_admin_2fa');
  });
});
