import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { createTestItem, type TestItem } from '../support/test-items.ts';
import { expectHealthy, nestedArrays, send } from './hostile-requests.ts';

const backend = inject('backend');

/** POST /rest/v1/rpc/<fn> with a raw body, as a visitor or with a user's session. */
async function rpc(fn: string, body: string, user?: SignedInUser) {
  const headers: Record<string, string> = {};
  if (user) {
    const { data } = await user.client.auth.getSession();
    if (data.session) headers.authorization = `Bearer ${data.session.access_token}`;
  }
  return send(backend, `/rest/v1/rpc/${fn}`, { body, headers });
}

/**
 * The item history's reads and revert against those who would abuse or break them
 * (docs/product.md#item-history): odd slugs and version numbers, oversized and nested bodies,
 * the wrong roles reverting. No answer is a 5xx, nothing hangs, nothing changes that should not.
 */
describe('hostile item history', () => {
  let user: SignedInUser;
  let moderator: SignedInUser;
  let item: TestItem;

  beforeAll(async () => {
    [user, moderator] = await Promise.all([
      signedInAs('user', 'hostile-history-user'),
      signedInAs('moderator', 'hostile-history-moderator'),
    ]);
    item = await createTestItem('software', 'hostile-history');
    await withDatabase((db) =>
      db.query("update public.content_items set title = 'Renamed by the history probe' where id = $1", [item.id]),
    );
  });

  it('reads odd slugs, pages and versions as nothing, never a 5xx', async () => {
    const slugs = [
      'x'.repeat(10_000),
      '',
      ' ',
      '%00',
      '\u202Eevil',
      '🧬'.repeat(500),
      "'; drop table x; --",
      '../../etc',
    ];
    for (const slug of slugs) {
      const history = await rpc('item_history', JSON.stringify({ _slug: slug, _page: 1 }));
      expect({ slug: slug.slice(0, 12), status: history.status, body: history.body }).toEqual({
        slug: slug.slice(0, 12),
        status: 200,
        body: null,
      });
    }
    for (const page of [0, -5, 2_147_483_647, null]) {
      const answer = await rpc('item_history', JSON.stringify({ _slug: item.slug, _page: page }));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ total: 1 });
    }
    for (const version of [0, -1, 2, 2_147_483_647, null]) {
      const answer = await rpc('item_version', JSON.stringify({ _slug: item.slug, _version: version }));
      expect({ version, status: answer.status, body: answer.body }).toEqual({ version, status: 200, body: null });
    }
    for (const body of [
      JSON.stringify({ _slug: item.slug, _version: 1e12 }),
      JSON.stringify({ _slug: item.slug, _version: 'one' }),
      JSON.stringify({ _slug: item.slug, _page: 1.5 }),
      JSON.stringify({ _slug: [item.slug] }),
      '{"_slug": "\\ud800"}',
      `{"_slug": ${nestedArrays(500)}}`,
    ]) {
      const fn = body.includes('_version') ? 'item_version' : 'item_history';
      const answer = await rpc(fn, body);
      expect({ body: body.slice(0, 40), status: answer.status < 500 }).toEqual({
        body: body.slice(0, 40),
        status: true,
      });
    }
    const huge = await rpc('item_history', JSON.stringify({ _slug: 'x'.repeat(2_000_000) }));
    expect(huge.status).toBe(413);
    await expectHealthy(backend);
  });

  it('refuses a revert by a visitor, a user and a moderator, and odd versions by an admin, changing nothing', async () => {
    const attempts: Array<[SignedInUser | undefined, number]> = [
      [undefined, 401],
      [user, 403],
      [moderator, 403],
    ];
    for (const [who, status] of attempts) {
      const answer = await rpc('revert_item_to_version', JSON.stringify({ _content_id: item.id, _version: 0 }), who);
      expect({ who: who?.email ?? 'visitor', status: answer.status }).toEqual({ who: who?.email ?? 'visitor', status });
    }
    const admin = await signedInAs('admin', 'hostile-history-admin');
    for (const version of [-1, 2, 2_147_483_647, null]) {
      const answer = await rpc(
        'revert_item_to_version',
        JSON.stringify({ _content_id: item.id, _version: version }),
        admin,
      );
      expect({ version, status: answer.status, body: answer.body }).toEqual({
        version,
        status: 404,
        body: expect.objectContaining({ message: 'Version not found' }),
      });
    }
    for (const body of [
      JSON.stringify({ _content_id: 'not-a-uuid', _version: 0 }),
      JSON.stringify({ _content_id: item.id, _version: 'zero' }),
      JSON.stringify({ _content_id: item.id, _version: 1e12 }),
    ]) {
      const answer = await rpc('revert_item_to_version', body, admin);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    const unknown = await rpc(
      'revert_item_to_version',
      JSON.stringify({ _content_id: '00000000-0000-4000-8000-000000000000', _version: 0 }),
      admin,
    );
    expect(unknown.status).toBe(404);
    const title = await withDatabase(async (db) => {
      const { rows } = await db.query<{ title: string }>('select title from public.content_items where id = $1', [
        item.id,
      ]);
      return rows[0]!.title;
    });
    expect(title).toBe('Renamed by the history probe');
    await expectHealthy(backend);
  });
});
