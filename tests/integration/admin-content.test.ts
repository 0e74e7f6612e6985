import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { searchItems } from '../support/search.ts';
import { z } from 'zod';
import { AdminItemPageSchema, VerificationRequestSchema } from '../../web/src/data/admin-schemas.ts';
import { rpcDone, rpcFailure, rpcOk } from './admin-fixtures.ts';

/** A published paper with one domain and a title word nothing else has. */
async function createItem(word: string) {
  return withDatabase(async (db) => {
    const domains = await db.query<{ id: string; slug: string }>(
      'select id, slug from public.scientific_domains order by slug limit 2',
    );
    const [first, second] = domains.rows;
    if (!first || !second) throw new Error('the taxonomy is empty');
    const slug = `admin-edit-${randomUUID().slice(0, 8)}`;
    const item = await db.query<{ id: string }>(
      `insert into public.content_items (slug, title, short_description, content_type, status, published_at)
       values ($1, $2, 'An item for the admin tests', 'paper', 'published', now()) returning id`,
      [slug, `Quokka${word} study`],
    );
    const id = item.rows[0]!.id;
    await db.query('insert into public.content_domains (content_id, domain_id, is_primary) values ($1, $2, true)', [
      id,
      first.id,
    ]);
    return { id, slug, first, second };
  });
}

const resultIds = async (search: string, domains: string[] = []) =>
  (await searchItems(anonClient(), { search, domains })).items.map((item) => item.id);

describe('admin content editing', () => {
  it('edits fields and domains, and search follows at once', async () => {
    const moderator = await signedInAs('moderator', 'content-moderator');
    const word = randomUUID().replace(/\D/g, '').slice(0, 6);
    const { id, first, second } = await createItem(word);
    expect(await resultIds(`quokka${word}`)).toEqual([id]);

    const renamed = `Wombat${word} survey`;
    await rpcDone(moderator.client, 'admin_update_item', {
      item_id: id,
      changes: { title: renamed, featured: true, verified: true, tags: ['marsupials', ' '] },
      domain_ids: [second.id, first.id],
    });
    expect(await resultIds(`wombat${word}`)).toEqual([id]);
    expect(await resultIds(`quokka${word}`)).not.toContain(id);
    expect(await resultIds(`wombat${word}`, [second.slug])).toEqual([id]);

    const listed = await rpcOk(
      moderator.client,
      'admin_list_items',
      { search: `wombat${word}`, featured: true, verified: true, domain_id: second.id },
      AdminItemPageSchema,
    );
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({
      id,
      title: renamed,
      status: 'published',
      domain_ids: [second.id, first.id],
    });

    // unpublished and archived items leave the public catalogue but stay in the admin list
    await rpcDone(moderator.client, 'admin_update_item', { item_id: id, changes: { status: 'archived' } });
    expect(await resultIds(`wombat${word}`)).not.toContain(id);
    const archived = await rpcOk(
      moderator.client,
      'admin_list_items',
      { search: `wombat${word}`, status: 'archived' },
      AdminItemPageSchema,
    );
    expect(archived.items.map((item) => item.id)).toEqual([id]);
    await rpcDone(moderator.client, 'admin_update_item', { item_id: id, changes: { status: 'published' } });
    expect(await resultIds(`wombat${word}`)).toEqual([id]);
  });

  it('validates edits', async () => {
    const admin = await signedInAs('admin', 'content-admin');
    const { id } = await createItem(randomUUID().replace(/\D/g, '').slice(0, 6));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, 'Title is required'],
      [{ url: 'ftp://example.org' }, 'URL must start with http:// or https://'],
      [{ slug: 'other' }, 'Field cannot be edited: slug'],
    ];
    for (const [changes, message] of cases) {
      expect(await rpcFailure(admin.client, 'admin_update_item', { item_id: id, changes })).toMatchObject({
        code: '22023',
        message,
      });
    }
    expect(
      (await rpcFailure(admin.client, 'admin_update_item', { item_id: id, changes: {}, domain_ids: [] })).message,
    ).toBe('Choose at least one known domain');
    expect(
      (await rpcFailure(admin.client, 'admin_update_item', { item_id: id, changes: { status: 'gone' } })).code,
    ).toBe('23514');
  });
});

describe('admin verification decisions', () => {
  it('approves and rejects pending requests, oldest first, and records them', async () => {
    const admin = await signedInAs('admin', 'verify-admin');
    const early = await signedInAs('user', 'verify-early');
    const late = await signedInAs('user', 'verify-late');
    for (const user of [early, late]) {
      const { error } = await user.client
        .from('user_profiles')
        .update({ verification_status: 'pending' })
        .eq('id', user.userId);
      expect(error).toBeNull();
    }
    const pending = await rpcOk(admin.client, 'admin_pending_verifications', {}, z.array(VerificationRequestSchema));
    const order = pending.map((row) => row.id).filter((id) => id === early.userId || id === late.userId);
    expect(order).toEqual([early.userId, late.userId]);

    await rpcDone(admin.client, 'admin_decide_verification', { target: early.userId, approve: true });
    expect(
      (await rpcFailure(admin.client, 'admin_decide_verification', { target: late.userId, approve: false })).message,
    ).toBe('A reason is required to reject a verification');
    await rpcDone(admin.client, 'admin_decide_verification', {
      target: late.userId,
      approve: false,
      reason: 'No ORCID iD given',
    });

    const { data: mine } = await late.client
      .from('user_profiles')
      .select('verification_status, verification_rejection_reason')
      .eq('id', late.userId)
      .single();
    expect(mine).toEqual({ verification_status: 'unverified', verification_rejection_reason: 'No ORCID iD given' });
    // the user can read the reason but not rewrite it, nor move their next request up the queue
    await late.client
      .from('user_profiles')
      .update({ verification_rejection_reason: null, institution: 'Elsewhere' })
      .eq('id', late.userId);
    await late.client
      .from('user_profiles')
      .update({ verification_status: 'pending', verification_requested_at: '2000-01-01T00:00:00Z' })
      .eq('id', late.userId);
    const { data: again } = await late.client
      .from('user_profiles')
      .select('institution, verification_rejection_reason, verification_requested_at')
      .eq('id', late.userId)
      .single();
    expect(again?.institution).toBe('Elsewhere');
    expect(again?.verification_rejection_reason).toBe('No ORCID iD given');
    expect(Date.parse(String(again?.verification_requested_at))).toBeGreaterThan(Date.now() - 60_000);
    const { data: approved } = await early.client
      .from('user_profiles')
      .select('verification_status')
      .eq('id', early.userId)
      .single();
    expect(approved).toEqual({ verification_status: 'verified' });

    const left = await rpcOk(admin.client, 'admin_pending_verifications', {}, z.array(VerificationRequestSchema));
    expect(left.map((row) => row.id)).not.toContain(early.userId);
    const logged = await withDatabase((db) =>
      db.query(
        `select activity_type from public.user_activity where user_id = $1 and activity_type like 'verification_%' order by id`,
        [admin.userId],
      ),
    );
    expect(logged.rows.map((row: { activity_type: string }) => row.activity_type)).toEqual([
      'verification_approved',
      'verification_rejected',
    ]);
  });
});
