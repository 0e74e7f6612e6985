import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';

/** Tables that hold people's data: a visitor may neither read nor write them. */
const USER_TABLES = [
  'user_profiles',
  'user_roles',
  'user_activity',
  'user_saved_items',
  'content_submissions',
  'site_settings',
] as const;

/** Catalog tables: a visitor reads (published rows only) and never writes. */
const CATALOG_KEYS = {
  organizations: 'id',
  people: 'id',
  scientific_domains: 'id',
  content_items: 'id',
  software: 'content_id',
  papers: 'content_id',
  companies: 'content_id',
  agents: 'content_id',
  content_people: 'content_id',
  content_domains: 'content_id',
  catalog_sources: 'id',
  item_sources: 'content_id',
} as const;
const CATALOG_TABLES = Object.keys(CATALOG_KEYS) as Array<keyof typeof CATALOG_KEYS>;

const PERMISSION_DENIED = '42501';

describe('row-level security for visitors (anon key)', () => {
  const anon = anonClient();
  const service = serviceClient();
  const draftSlug = `rls-draft-${Date.now()}`;
  let draftId: string;

  beforeAll(async () => {
    const { data, error } = await service
      .from('content_items')
      .insert({ slug: draftSlug, title: 'Unreleased Tool', content_type: 'software', status: 'draft' })
      .select('id')
      .single();
    expect(error).toBeNull();
    draftId = data!.id as string;
    const software = await service.from('software').insert({ content_id: draftId, pricing_model: 'free' });
    expect(software.error).toBeNull();
    const domain = await service.from('scientific_domains').select('id').eq('slug', 'biology').single();
    const link = await service
      .from('content_domains')
      .insert({ content_id: draftId, domain_id: domain.data!.id, is_primary: true });
    expect(link.error).toBeNull();
    // a source record behind the draft: hidden with it (docs/product.md#sources)
    const source = await service.from('catalog_sources').select('id').limit(1).single();
    const record = await service.from('item_sources').insert({
      content_id: draftId,
      source: source.data!.id,
      record_id: draftSlug,
      record_url: 'https://example.org/draft-record',
    });
    expect(record.error).toBeNull();
  });

  afterAll(async () => {
    await service.from('content_items').delete().eq('id', draftId);
  });

  it.each(USER_TABLES)('cannot read %s', async (table) => {
    const { data, error } = await anon.from(table).select('*').limit(1);
    expect(data).toBeNull();
    expect(error?.code).toBe(PERMISSION_DENIED);
  });

  it.each(USER_TABLES)('cannot write %s', async (table) => {
    const { error } = await anon.from(table).insert({});
    expect(error?.code).toBe(PERMISSION_DENIED);
  });

  it.each(CATALOG_TABLES)('cannot write %s', async (table) => {
    const { error } = await anon.from(table).insert({});
    expect(error?.code).toBe(PERMISSION_DENIED);
  });

  it.each(CATALOG_TABLES)('cannot change or delete rows of %s', async (table) => {
    // Updates and deletes that RLS filters to zero rows succeed with nothing touched, like on Supabase.
    const before = await service.from(table).select('*', { count: 'exact', head: true });
    expect(before.count).toBeGreaterThan(0);
    const removed = await anon.from(table).delete().not(CATALOG_KEYS[table], 'is', null).select();
    expect(removed.data ?? []).toEqual([]);
    const after = await service.from(table).select('*', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  });

  it('does not see unpublished items, their details or their domain links', async () => {
    const item = await anon.from('content_items').select('id').eq('slug', draftSlug);
    expect(item.error).toBeNull();
    expect(item.data).toEqual([]);
    const software = await anon.from('software').select('content_id').eq('content_id', draftId);
    expect(software.data).toEqual([]);
    const links = await anon.from('content_domains').select('content_id').eq('content_id', draftId);
    expect(links.data).toEqual([]);
    const records = await anon.from('item_sources').select('content_id').eq('content_id', draftId);
    expect(records.error).toBeNull();
    expect(records.data).toEqual([]);
    const seen = await service.from('item_sources').select('content_id').eq('content_id', draftId);
    expect(seen.data).toHaveLength(1);
  });

  it('only ever sees published items', async () => {
    const { data, error } = await anon.from('content_items').select('status').neq('status', 'published');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('may join the waitlist but not read it back', async () => {
    const email = `visitor-${Date.now()}@example.org`;
    const insert = await anon.from('waitlist_signups').insert({ email, first_name: 'Ada', research_interests: [] });
    expect(insert.error).toBeNull();
    const read = await anon.from('waitlist_signups').select('email');
    expect(read.error?.code).toBe(PERMISSION_DENIED);
  });

  it('gets 23505 for a duplicate waitlist address, in any letter case', async () => {
    const email = `dup-${Date.now()}@example.org`;
    expect((await anon.from('waitlist_signups').insert({ email })).error).toBeNull();
    const duplicate = await anon.from('waitlist_signups').insert({ email: email.toUpperCase() });
    expect(duplicate.error?.code).toBe('23505');
  });

  it('has the database refuse a malformed waitlist address', async () => {
    const { error } = await anon.from('waitlist_signups').insert({ email: 'not-an-address' });
    expect(error?.code).toBe('23514'); // check_violation
  });

  it('cannot call the service-only catalog loader', async () => {
    const { error } = await anon.rpc('load_catalog', { items: [] });
    expect(error?.code).toBe(PERMISSION_DENIED);
  });

  it('cannot call get_user_roles, which is for a signed-in user’s own roles', async () => {
    const { error } = await anon.rpc('get_user_roles', { _user_id: '00000000-0000-0000-0000-000000000000' });
    expect(error?.code).toBe(PERMISSION_DENIED);
  });
});
