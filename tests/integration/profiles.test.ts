import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInAs, visitor, withDatabase } from '../support/auth.ts';

/** A handle no other test uses. */
const uniqueHandle = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** Profile extras (docs/product.md#profile) through supabase-js: stats, handle, ORCID, verification, /u/:handle. */
describe('the profile page data', () => {
  it('my_profile_stats counts the user’s own saved items and submissions, and 0 reviews', async () => {
    const { client, userId } = await signedInAs('user', 'stats');
    const other = await signedInAs('user', 'stats-other');
    const items = await withDatabase(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.content_items (slug, title, content_type, short_description, description, status, published_at)
         select 'profile-stats-' || g || '-' || $1, 'Stats item ' || g, 'software', 'Short', 'Long', 'published', now()
         from generate_series(1, 3) g returning id`,
        [randomUUID().slice(0, 8)],
      );
      return rows.map((row) => row.id);
    });
    for (const id of items) {
      expect((await client.from('user_saved_items').insert({ content_id: id })).error).toBeNull();
    }
    expect((await other.client.from('user_saved_items').insert({ content_id: items[0] })).error).toBeNull();
    const domainId = await withDatabase(
      async (db) => (await db.query<{ id: string }>('select id from public.scientific_domains limit 1')).rows[0]?.id,
    );
    const submission = await client.from('content_submissions').insert({
      submitter_id: userId,
      title: 'A tool',
      description: 'It does things.',
      short_description: 'Does things',
      content_type: 'software',
      domains: [domainId],
      relationship_to_content: 'creator',
    });
    expect(submission.error).toBeNull();

    const { data, error } = await client.rpc('my_profile_stats').single();
    expect(error).toBeNull();
    expect(data).toEqual({ saved_items: 3, contributions: 1, reviews: 0 });

    const fresh = await other.client.rpc('my_profile_stats').single();
    expect(fresh.data).toEqual({ saved_items: 1, contributions: 0, reviews: 0 });

    const anonymous = await visitor().rpc('my_profile_stats');
    expect(anonymous.error?.code).toBe('42501');
  });

  it('saves a valid ORCID iD and research interests; the database refuses a wrong check digit', async () => {
    const { client, userId } = await signedInAs('user', 'orcid');
    const saved = await client
      .from('user_profiles')
      .update({ orcid_id: '0000-0002-1694-233X', research_interests: ['biology', 'ai_ml'] })
      .eq('id', userId)
      .select('orcid_id, research_interests')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ orcid_id: '0000-0002-1694-233X', research_interests: ['biology', 'ai_ml'] });

    const wrong = await client.from('user_profiles').update({ orcid_id: '0000-0002-1825-0098' }).eq('id', userId);
    expect(wrong.error?.code).toBe('23514');
    const malformed = await client.from('user_profiles').update({ orcid_id: '0000-0002-1825' }).eq('id', userId);
    expect(malformed.error?.code).toBe('23514');
    const badInterest = await client
      .from('user_profiles')
      .update({ research_interests: ['Not A Slug'] })
      .eq('id', userId);
    expect(badInterest.error?.code).toBe('23514');
  });

  it('keeps handles well-formed and unique in any letter case', async () => {
    const first = await signedInAs('user', 'handle-a');
    const second = await signedInAs('user', 'handle-b');
    const handle = uniqueHandle('ada');
    expect((await first.client.from('user_profiles').update({ handle }).eq('id', first.userId)).error).toBeNull();
    const taken = await withDatabase((db) =>
      db.query('update public.user_profiles set handle = $1 where id = $2', [handle.toUpperCase(), second.userId]).then(
        () => null,
        (error: { code?: string }) => error.code,
      ),
    );
    expect(taken).toBe('23514'); // upper case is not a handle at all
    const duplicate = await second.client.from('user_profiles').update({ handle }).eq('id', second.userId);
    expect(duplicate.error?.code).toBe('23505');
    const malformed = await second.client.from('user_profiles').update({ handle: '-x' }).eq('id', second.userId);
    expect(malformed.error?.code).toBe('23514');
  });

  it('Request verification moves unverified to pending, and no further', async () => {
    const { client, userId } = await signedInAs('user', 'verify');
    const requested = await client
      .from('user_profiles')
      .update({ verification_status: 'pending' })
      .eq('id', userId)
      .select('verification_status')
      .single();
    expect(requested.error).toBeNull();
    expect(requested.data?.verification_status).toBe('pending');
    const selfApproved = await client
      .from('user_profiles')
      .update({ verification_status: 'verified' })
      .eq('id', userId);
    expect(selfApproved.error?.code).toBe('42501');
  });
});

describe('public_profile(_handle)', () => {
  it('shows a public profile to visitors without the e-mail, in any letter case of the handle', async () => {
    const { client, userId, email } = await signedInAs('user', 'public');
    const handle = uniqueHandle('grace');
    const update = await client
      .from('user_profiles')
      .update({
        handle,
        display_name: 'Grace H.',
        institution: 'Navy',
        bio: 'Compilers.',
        orcid_id: '0000-0002-1825-0097',
        research_interests: ['computer_science', 'no_such_domain'],
        is_public: true,
      })
      .eq('id', userId);
    expect(update.error).toBeNull();

    const { data, error } = await visitor().rpc('public_profile', { _handle: handle.toUpperCase() });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const [profile] = data as Record<string, unknown>[];
    expect(profile).toMatchObject({
      handle,
      display_name: 'Grace H.',
      institution: 'Navy',
      bio: 'Compilers.',
      orcid_id: '0000-0002-1825-0097',
      research_interests: ['Computer Science'],
      verified: false,
    });
    expect(JSON.stringify(profile)).not.toContain(email);
    expect(Object.keys(profile ?? {})).not.toContain('email');
  });

  it('returns nothing for a private profile or an unknown handle', async () => {
    const { client, userId } = await signedInAs('user', 'private');
    const handle = uniqueHandle('hidden');
    expect((await client.from('user_profiles').update({ handle, is_public: false }).eq('id', userId)).error).toBeNull();
    expect((await visitor().rpc('public_profile', { _handle: handle })).data).toEqual([]);
    expect((await client.rpc('public_profile', { _handle: handle })).data).toEqual([]);
    expect((await visitor().rpc('public_profile', { _handle: uniqueHandle('nobody') })).data).toEqual([]);
  });

  it('shows the verified tick for a verified profile', async () => {
    const { client, userId } = await signedInAs('user', 'verified');
    const handle = uniqueHandle('marie');
    expect((await client.from('user_profiles').update({ handle }).eq('id', userId)).error).toBeNull();
    await withDatabase((db) =>
      db.query("update public.user_profiles set verification_status = 'verified' where id = $1", [userId]),
    );
    const { data } = await visitor().rpc('public_profile', { _handle: handle });
    expect((data as { verified: boolean }[])[0]?.verified).toBe(true);
  });
});
