import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

/** Contributions as the wizard sends them, and as a request around the wizard would. */
describe('submitting a contribution', () => {
  let contributor: SignedInUser;
  let domains: string[];

  beforeAll(async () => {
    contributor = await signedInAs('user', 'contributor');
    domains = await domainIds(contributor.client);
  });

  it('stores a valid submission as pending, readable by its contributor only', async () => {
    const draft = validDraft(domains.slice(0, 2), { contentType: 'paper' });
    draft.paper = {
      doi: '10.5555/sciai.contrib.1',
      journal: 'Nature',
      year: '2023',
      authors: ['Ada Lovelace', 'Alan Turing'],
    };
    const id = await submit(contributor.client, contributor.userId, rowOf(draft));
    const { data, error } = await contributor.client
      .from('content_submissions')
      .select('status, key_features, metadata, domains')
      .eq('id', id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      status: 'pending',
      key_features: ['Fast', 'Open data'],
      metadata: {
        doi: '10.5555/sciai.contrib.1',
        journal: 'Nature',
        year: 2023,
        authors: ['Ada Lovelace', 'Alan Turing'],
      },
      domains: domains.slice(0, 2),
    });

    const other = await signedInAs('user', 'stranger');
    const { data: seen } = await other.client.from('content_submissions').select('id').eq('id', id);
    expect(seen).toEqual([]);
  });

  it('refuses visitors', async () => {
    const row = rowOf(validDraft(domains.slice(0, 1)));
    const { error } = await anonClient().from('content_submissions').insert(row);
    expect(error).not.toBeNull();
  });

  const invalid: Array<[string, (row: Record<string, unknown>, domains: string[]) => Record<string, unknown>]> = [
    ['a blank title', (row) => ({ ...row, title: '   ' })],
    ['a short description over 150 characters', (row) => ({ ...row, short_description: 'x'.repeat(151) })],
    ['no domain', (row) => ({ ...row, domains: [] })],
    ['an unknown domain', (row) => ({ ...row, domains: ['00000000-0000-4000-8000-000000000000'] })],
    ['a repeated domain', (row, d) => ({ ...row, domains: [d[0], d[0]] })],
    ['a URL that is not http(s)', (row) => ({ ...row, url: 'javascript:alert(1)' })],
    ['an unknown relationship', (row) => ({ ...row, relationship_to_content: 'owner' })],
    ['a blank key feature', (row) => ({ ...row, key_features: ['Fast', ' '] })],
    ['an unknown pricing model', (row) => ({ ...row, metadata: { pricing_model: 'subscription' } })],
    ['open_source that is not a boolean', (row) => ({ ...row, metadata: { open_source: 'yes' } })],
    ['a GitHub URL that is not http(s)', (row) => ({ ...row, metadata: { github_url: 'github.com/a/b' } })],
    ['paper fields on a software submission', (row) => ({ ...row, metadata: { doi: '10.1000/x' } })],
    ['an invalid DOI', (row) => ({ ...row, content_type: 'paper', metadata: { doi: '11.1000/x' } })],
    ['a year out of range', (row) => ({ ...row, content_type: 'paper', metadata: { year: 1700 } })],
    [
      'authors that are not a list of names',
      (row) => ({ ...row, content_type: 'paper', metadata: { authors: ['A', ''] } }),
    ],
    [
      'an unknown funding stage',
      (row) => ({ ...row, content_type: 'company', metadata: { funding_stage: 'Series D' } }),
    ],
    [
      'an unknown employee range',
      (row) => ({ ...row, content_type: 'company', metadata: { employee_count: '10000' } }),
    ],
    [
      'an unknown interaction mode',
      (row) => ({ ...row, content_type: 'agent', metadata: { interaction_mode: 'telepathy' } }),
    ],
    ['a status other than pending', (row) => ({ ...row, status: 'approved' })],
  ];

  it.each(invalid)('refuses %s posted directly', async (rule, change) => {
    const row = change({ ...rowOf(validDraft(domains.slice(0, 1))), submitter_id: contributor.userId }, domains);
    const { error } = await contributor.client.from('content_submissions').insert(row);
    expect(error).not.toBeNull();
    expect(error?.code).toBe(rule === 'a status other than pending' ? '42501' : '23514');
  });

  it("refuses a submission in someone else's name", async () => {
    const other = await signedInAs('user', 'impostor-target');
    const row = { ...rowOf(validDraft(domains.slice(0, 1))), submitter_id: other.userId };
    const { error } = await contributor.client.from('content_submissions').insert(row);
    expect(error?.code).toBe('42501');
  });

  it('does not let a contributor change the status of their own submission', async () => {
    const id = await submit(contributor.client, contributor.userId, rowOf(validDraft(domains.slice(0, 1))));
    await contributor.client.from('content_submissions').update({ status: 'approved' }).eq('id', id);
    const { data } = await contributor.client.from('content_submissions').select('status').eq('id', id).single();
    expect(data).toEqual({ status: 'pending' });
  });
});

describe('find_possible_duplicates', () => {
  let contributor: SignedInUser;
  let domains: string[];

  beforeAll(async () => {
    contributor = await signedInAs('user', 'dup-finder');
    domains = await domainIds(contributor.client);
  });

  it('finds a published item by near-identical title and by URL', async () => {
    const { data: item } = await anonClient()
      .from('content_items')
      .select('id, title, url')
      .eq('status', 'published')
      // an https address without www., so that the variant below differs in scheme, host prefix and slash
      .like('url', 'https://%')
      .not('url', 'like', 'https://www.%')
      .order('slug')
      .limit(1)
      .single();
    if (!item) throw new Error('the test catalog has no published item with an https URL');
    const { data: byTitle, error } = await contributor.client.rpc('find_possible_duplicates', {
      candidate_title: `${item.title.toUpperCase()}!`,
    });
    expect(error).toBeNull();
    expect(byTitle).toContainEqual(expect.objectContaining({ kind: 'item', id: item.id, reason: 'title' }));

    const variant = `${item.url.replace(/^https:\/\//, 'http://www.')}/`;
    const { data: byUrl } = await contributor.client.rpc('find_possible_duplicates', {
      candidate_title: 'Something else entirely',
      candidate_url: variant,
    });
    expect(byUrl).toContainEqual(expect.objectContaining({ kind: 'item', id: item.id, reason: 'url' }));
  });

  it('finds a pending submission by DOI, and not the one being edited', async () => {
    const draft = validDraft(domains.slice(0, 1), { contentType: 'paper' });
    const doi = `10.5555/dup.${Date.now()}`;
    draft.paper.doi = doi;
    const id = await submit(contributor.client, contributor.userId, rowOf(draft));
    const { data } = await contributor.client.rpc('find_possible_duplicates', {
      candidate_title: 'Unrelated title words',
      candidate_doi: doi.toUpperCase(),
    });
    expect(data).toEqual([expect.objectContaining({ kind: 'submission', id, reason: 'doi', status: 'pending' })]);
    const { data: excluded } = await contributor.client.rpc('find_possible_duplicates', {
      candidate_title: 'Unrelated title words',
      candidate_doi: doi,
      exclude_submission: id,
    });
    expect(excluded).toEqual([]);
  });

  it('finds nothing for a new title and is closed to visitors', async () => {
    const { data } = await contributor.client.rpc('find_possible_duplicates', {
      candidate_title: 'Zyxwvut Qponmlk 9137',
    });
    expect(data).toEqual([]);
    const { error } = await anonClient().rpc('find_possible_duplicates', { candidate_title: 'x' });
    expect(error).not.toBeNull();
  });
});
