import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { searchItems } from '../support/search.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

interface ActivityRow {
  user_id: string;
  activity_type: string;
  activity_data: Record<string, unknown>;
}

async function activitiesFor(submissionId: string): Promise<ActivityRow[]> {
  return withDatabase(async (db) => {
    const result = await db.query<ActivityRow>(
      `select user_id, activity_type, activity_data from public.user_activity
       where activity_data ->> 'submission_id' = $1 order by id`,
      [submissionId],
    );
    return result.rows;
  });
}

describe('moderating submissions', () => {
  let contributor: SignedInUser;
  let moderator: SignedInUser;
  let domains: string[];

  beforeAll(async () => {
    [contributor, moderator] = await Promise.all([signedInAs('user', 'mod-contributor'), signedInAs('moderator')]);
    domains = await domainIds(contributor.client);
  });

  it('approving a paper publishes a browsable item with its organisation, domains and authors', async () => {
    const draft = validDraft([domains[2]!, domains[0]!], {
      contentType: 'paper',
      organizationName: 'deepmind labs test org',
    });
    draft.paper = {
      doi: `10.5555/approve.${Date.now()}`,
      journal: 'Science',
      year: '2024',
      authors: ['Zed Author', 'Amy Author'],
    };
    const id = await submit(contributor.client, contributor.userId, rowOf(draft));

    const { data, error } = await moderator.client.rpc('approve_submission', { submission_id: id });
    expect(error).toBeNull();
    const approved = data as { content_id: string; slug: string; content_type: string };
    expect(approved.content_type).toBe('paper');
    expect(approved.slug).toMatch(/^quantum-lattice-solver-[a-z0-9]+$/);

    const anon = anonClient();
    const found = await searchItems(anon, { search: draft.title });
    expect(found.items[0]).toMatchObject({ id: approved.content_id, title: draft.title });

    const { data: details } = await anon.rpc('item_details', { slugs: [approved.slug] });
    expect(details).toEqual([
      expect.objectContaining({
        title: draft.title,
        status: 'published',
        year: 2024,
        key_features: ['Fast', 'Open data'],
        organization: expect.objectContaining({ name: 'deepmind labs test org' }),
        paper: expect.objectContaining({
          doi: draft.paper.doi,
          journal_name: 'Science',
          authors: ['Zed Author', 'Amy Author'],
        }),
      }),
    ]);
    const primary = (details as Array<{ domains: Array<{ is_primary: boolean }> }>)[0]!.domains.filter(
      (d) => d.is_primary,
    );
    expect(primary).toHaveLength(1);

    const { data: mine } = await contributor.client
      .from('content_submissions')
      .select('status, content_id, reviewed_by')
      .eq('id', id)
      .single();
    expect(mine).toEqual({ status: 'approved', content_id: approved.content_id, reviewed_by: moderator.userId });
    const credit = await withDatabase((db) =>
      db.query('select submitted_by from public.content_item_credits where content_id = $1', [approved.content_id]),
    );
    expect(credit.rows[0]).toEqual({ submitted_by: contributor.userId });
    expect(await activitiesFor(id)).toEqual([
      expect.objectContaining({ user_id: moderator.userId, activity_type: 'submission_approved' }),
    ]);
  });

  it('gives a second item of the same title its own slug and reuses the organisation', async () => {
    const first = validDraft(domains.slice(0, 1), { organizationName: 'Shared Org Name' });
    const second = { ...first, organizationName: 'SHARED ORG NAME', url: '' };
    const ids = [
      await submit(contributor.client, contributor.userId, rowOf(first)),
      await submit(contributor.client, contributor.userId, rowOf(second)),
    ];
    const slugs: string[] = [];
    for (const id of ids) {
      const { data, error } = await moderator.client.rpc('approve_submission', { submission_id: id });
      expect(error).toBeNull();
      slugs.push((data as { slug: string }).slug);
    }
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
    const orgs = await withDatabase((db) =>
      db.query("select count(*)::int as n from public.organizations where lower(name) = 'shared org name'"),
    );
    expect(orgs.rows[0]).toEqual({ n: 1 });
  });

  it('rolls everything back when the approval fails midway', async () => {
    const doi = `10.5555/taken.${Date.now()}`;
    const make = () => {
      const draft = validDraft(domains.slice(0, 1), { contentType: 'paper', organizationName: `Rollback Org ${doi}` });
      draft.paper.doi = doi;
      return draft;
    };
    const firstId = await submit(contributor.client, contributor.userId, rowOf(make()));
    const secondDraft = make();
    const secondId = await submit(contributor.client, contributor.userId, rowOf(secondDraft));
    expect((await moderator.client.rpc('approve_submission', { submission_id: firstId })).error).toBeNull();
    // The DOI is unique among papers, so the second approval fails after its item insert.
    const { error } = await moderator.client.rpc('approve_submission', { submission_id: secondId });
    expect(error?.code).toBe('23505');
    const left = await withDatabase((db) =>
      db.query('select count(*)::int as n from public.content_items where title = $1', [secondDraft.title]),
    );
    expect(left.rows[0]).toEqual({ n: 0 });
    const { data } = await contributor.client.from('content_submissions').select('status').eq('id', secondId).single();
    expect(data).toEqual({ status: 'pending' });
  });

  it('request changes and reject need a reason the contributor then reads', async () => {
    const changesId = await submit(contributor.client, contributor.userId, rowOf(validDraft(domains.slice(0, 1))));
    const rejectId = await submit(contributor.client, contributor.userId, rowOf(validDraft(domains.slice(0, 1))));

    const blank = await moderator.client.rpc('reject_submission', { submission_id: rejectId, reason: '  ' });
    expect(blank.error?.message).toBe('A reason is required');

    expect(
      (await moderator.client.rpc('request_changes', { submission_id: changesId, reason: 'Add the DOI' })).error,
    ).toBeNull();
    expect(
      (await moderator.client.rpc('reject_submission', { submission_id: rejectId, reason: 'Out of scope' })).error,
    ).toBeNull();

    const { data } = await contributor.client
      .from('content_submissions')
      .select('id, status, review_reason')
      .in('id', [changesId, rejectId])
      .order('status');
    expect(data).toEqual([
      { id: changesId, status: 'changes_requested', review_reason: 'Add the DOI' },
      { id: rejectId, status: 'rejected', review_reason: 'Out of scope' },
    ]);
    expect(await activitiesFor(changesId)).toEqual([
      expect.objectContaining({ user_id: moderator.userId, activity_type: 'submission_changes_requested' }),
    ]);
    expect(await activitiesFor(rejectId)).toEqual([
      expect.objectContaining({
        user_id: moderator.userId,
        activity_type: 'submission_rejected',
        activity_data: expect.objectContaining({ reason: 'Out of scope' }),
      }),
    ]);

    const again = await moderator.client.rpc('approve_submission', { submission_id: rejectId });
    expect(again.error?.code).toBe('55000');
  });

  it('lets the contributor edit and resubmit after changes were requested', async () => {
    const draft = validDraft(domains.slice(0, 1));
    const id = await submit(contributor.client, contributor.userId, rowOf(draft));
    await moderator.client.rpc('request_changes', { submission_id: id, reason: 'Describe it better' });

    const edited = rowOf({ ...draft, description: 'A much better description of the toolkit.' });
    const stranger = await signedInAs('user', 'not-the-owner');
    const refused = await stranger.client.rpc('resubmit_submission', { submission_id: id, submission: edited });
    expect(refused.error?.code).toBe('PT404');
    const invalid = await contributor.client.rpc('resubmit_submission', {
      submission_id: id,
      submission: { ...edited, metadata: { pricing_model: 'subscription' } },
    });
    expect(invalid.error?.code).toBe('23514');

    expect(
      (await contributor.client.rpc('resubmit_submission', { submission_id: id, submission: edited })).error,
    ).toBeNull();
    const { data } = await contributor.client
      .from('content_submissions')
      .select('status, description')
      .eq('id', id)
      .single();
    expect(data).toEqual({ status: 'pending', description: 'A much better description of the toolkit.' });
  });

  it('refuses plain users and visitors', async () => {
    const id = await submit(contributor.client, contributor.userId, rowOf(validDraft(domains.slice(0, 1))));
    const calls = [
      contributor.client.rpc('approve_submission', { submission_id: id }),
      contributor.client.rpc('request_changes', { submission_id: id, reason: 'x' }),
      contributor.client.rpc('reject_submission', { submission_id: id, reason: 'x' }),
    ];
    for (const { error } of await Promise.all(calls)) expect(error?.code).toBe('42501');
    const anonymous = await anonClient().rpc('approve_submission', { submission_id: id });
    expect(anonymous.error).not.toBeNull();
    const { data } = await contributor.client.from('content_submissions').select('status').eq('id', id).single();
    expect(data).toEqual({ status: 'pending' });
  });

  it('leaves staff item writes working (the duplicate-URL index runs as the writer)', async () => {
    const slug = `staff-item-${Date.now()}`;
    const { error } = await moderator.client.from('content_items').insert({
      slug,
      title: 'Staff Item',
      content_type: 'software',
      url: 'https://www.example.org/staff/',
      status: 'published',
      published_at: new Date().toISOString(),
    });
    expect(error).toBeNull();
    const { data } = await contributor.client.rpc('find_possible_duplicates', {
      candidate_title: 'Unrelated words here',
      candidate_url: 'http://example.org/staff',
    });
    expect(data).toContainEqual(expect.objectContaining({ kind: 'item', slug, reason: 'url' }));
  });

  it('lets an admin moderate too', async () => {
    const admin = await signedInAs('admin');
    const id = await submit(contributor.client, contributor.userId, rowOf(validDraft(domains.slice(0, 1))));
    expect((await admin.client.rpc('reject_submission', { submission_id: id, reason: 'Duplicate' })).error).toBeNull();
  });
});
