import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';

/**
 * Where items come from (docs/product.md#sources), asked the wrong way: catalog_data_summary()
 * takes nothing and says the same to everyone; item_source_records(), which item_details calls
 * for published items only, is not callable through the Data API by anyone, so an unpublished
 * item's records cannot be read by its id; item_details with odd slugs still hides them.
 */
describe('catalog sources, probed', () => {
  const service = serviceClient();
  const draftSlug = `hostile-sources-${Date.now()}`;
  let draftId: string;

  beforeAll(async () => {
    const { data, error } = await service
      .from('content_items')
      .insert({ slug: draftSlug, title: 'Hidden Sourced Tool', content_type: 'software', status: 'pending' })
      .select('id')
      .single();
    expect(error).toBeNull();
    draftId = data!.id as string;
    const record = await service.from('item_sources').insert({
      content_id: draftId,
      source: 'biotools',
      record_id: draftSlug,
      record_url: `https://bio.tools/${draftSlug}`,
    });
    expect(record.error).toBeNull();
  });

  afterAll(async () => {
    await service.from('content_items').delete().eq('id', draftId);
  });

  it('answers the summary alike to visitors, users and staff, and refuses arguments it does not take', async () => {
    const answers = await Promise.all([
      anonClient().rpc('catalog_data_summary'),
      signedInAs('user', 'sources-user').then(({ client }) => client.rpc('catalog_data_summary')),
      signedInAs('moderator', 'sources-moderator').then(({ client }) => client.rpc('catalog_data_summary')),
    ]);
    for (const answer of answers) expect(answer.error).toBeNull();
    expect(answers[1]!.data).toEqual(answers[0]!.data);
    expect(answers[2]!.data).toEqual(answers[0]!.data);

    for (const args of [{ source: 'biotools' }, { status: 'pending' }, { sql: "'; drop table item_sources; --" }]) {
      const { status, error } = await anonClient().rpc('catalog_data_summary', args);
      expect(error).not.toBeNull();
      // PostgREST finds no function with those arguments: a client error, never a 5xx
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it('does not let anyone but the owner read an item’s records by its id', async () => {
    const anonymous = await anonClient().rpc('item_source_records', { item_id: draftId });
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data).toBeNull();
    const { client } = await signedInAs('user', 'sources-probe');
    const user = await client.rpc('item_source_records', { item_id: draftId });
    expect(user.error).not.toBeNull();
    expect(user.data).toBeNull();
  });

  it('hides an unpublished item’s records from item_details, whatever the slugs around it', async () => {
    const slugs = [
      draftSlug,
      '',
      ' ',
      draftSlug.toUpperCase(),
      `${draftSlug}%`,
      '%',
      '*',
      'x'.repeat(5_000),
      draftSlug,
    ];
    const { data, error } = await anonClient().rpc('item_details', { slugs });
    expect(error).toBeNull();
    expect(JSON.stringify(data)).not.toContain(draftSlug);
    const many = await anonClient().rpc('item_details', { slugs: Array.from({ length: 100 }, () => draftSlug) });
    expect(many.error).toBeNull();
    expect(many.data).toEqual([]);
  });
});
