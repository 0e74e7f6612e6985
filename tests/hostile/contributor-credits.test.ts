import { beforeAll, describe, expect, inject, it } from 'vitest';
import { itemPath } from '@sciai/core';
import { signedInAs, type SignedInUser } from '../support/auth.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';
import { send } from './hostile-requests.ts';

/**
 * Who contributed an approved item is the contributor's and staff's to know: content_items is
 * read by everyone (select=*, embeddings, RPCs that pass whole rows), so the credit is not one
 * of its columns but a table of its own that only they can read (docs/security.md, "Database rights").
 */
describe('contributor credits', () => {
  const backend = inject('backend');
  let contributor: SignedInUser;
  let stranger: SignedInUser;
  let moderator: SignedInUser;
  let item: { content_id: string; slug: string };
  /** The submission the item came from: a private row, so its id is private too. */
  let submissionId: string;

  const as = (user?: SignedInUser) =>
    user ? { headers: { authorization: `Bearer ${user.session.access_token}` } } : {};

  beforeAll(async () => {
    [contributor, stranger, moderator] = await Promise.all([
      signedInAs('user', 'credit-contributor'),
      signedInAs('user', 'credit-stranger'),
      signedInAs('moderator', 'credit-moderator'),
    ]);
    const draft = validDraft((await domainIds(contributor.client)).slice(0, 1), { title: 'Credited Lattice Tool' });
    const id = await submit(contributor.client, contributor.userId, rowOf(draft));
    submissionId = id;
    const approved = await moderator.client.rpc('approve_submission', { submission_id: id });
    expect(approved.error).toBeNull();
    item = approved.data as { content_id: string; slug: string };
  });

  it('is not in what visitors and other users read of the item', async () => {
    for (const user of [undefined, stranger]) {
      const paths = [
        `/rest/v1/content_items?select=*&id=eq.${item.content_id}`,
        `/rest/v1/content_items?select=*,software(*),content_domains(*)&id=eq.${item.content_id}`,
        `/rest/v1/content_search?select=*&content_id=eq.${item.content_id}`,
      ];
      for (const path of paths) {
        const answer = await send(backend, path, as(user));
        expect(answer.status, path).toBe(200);
        expect(answer.body, path).toHaveLength(1);
        expect(JSON.stringify(answer.body), path).not.toContain(contributor.userId);
        expect(JSON.stringify(answer.body), path).not.toContain(submissionId);
      }
      const named = await send(
        backend,
        `/rest/v1/content_items?select=submitted_by&id=eq.${item.content_id}`,
        as(user),
      );
      expect(named.status).toBe(400);
      expect(JSON.stringify(named.body)).not.toContain(contributor.userId);

      const rpcs: Array<[string, Record<string, unknown>]> = [
        ['item_details', { slugs: [item.slug] }],
        ['related_items', { item_slug: item.slug, max_items: 24 }],
        ['similar_items', { query: 'Credited Lattice Tool', max_items: 12 }],
      ];
      for (const [name, args] of rpcs) {
        const answer = await send(backend, `/rest/v1/rpc/${name}`, { body: JSON.stringify(args), ...as(user) });
        expect(answer.status, name).toBe(200);
        expect(JSON.stringify(answer.body), name).not.toContain(contributor.userId);
        expect(JSON.stringify(answer.body), name).not.toContain(submissionId);
      }
    }
    const page = await fetch(`${backend.url}${itemPath('software', item.slug)}`);
    const markdown = await fetch(`${backend.url}${itemPath('software', item.slug)}.md`);
    for (const answer of [page, markdown]) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain(submissionId);
    }
  });

  it('cannot be read or embedded by visitors and other users', async () => {
    const visitor = await send(backend, `/rest/v1/content_item_credits?select=*`);
    expect(visitor.body).toMatchObject({ code: '42501' });
    const visitorEmbed = await send(
      backend,
      `/rest/v1/content_items?select=id,content_item_credits(*)&id=eq.${item.content_id}`,
    );
    expect(JSON.stringify(visitorEmbed.body)).not.toContain(contributor.userId);

    const strangers = await send(backend, `/rest/v1/content_item_credits?select=*`, as(stranger));
    expect(strangers.status).toBe(200);
    expect(strangers.body).toEqual([]);
    const strangersEmbed = await send(
      backend,
      `/rest/v1/content_items?select=id,content_item_credits(*)&id=eq.${item.content_id}`,
      as(stranger),
    );
    expect(strangersEmbed.body).toEqual([{ id: item.content_id, content_item_credits: null }]);
  });

  it('is seen by the contributor, through their submissions too, and by staff', async () => {
    const own = await send(backend, `/rest/v1/content_item_credits?select=*`, as(contributor));
    expect(own.body).toEqual([{ content_id: item.content_id, submitted_by: contributor.userId }]);
    const submissions = await send(
      backend,
      `/rest/v1/content_submissions?select=content_id,status&submitter_id=eq.${contributor.userId}`,
      as(contributor),
    );
    expect(submissions.body).toEqual([{ content_id: item.content_id, status: 'approved' }]);

    const staff = await send(
      backend,
      `/rest/v1/content_items?select=id,content_item_credits(submitted_by)&id=eq.${item.content_id}`,
      as(moderator),
    );
    expect(staff.body).toEqual([{ id: item.content_id, content_item_credits: { submitted_by: contributor.userId } }]);
  });
});
