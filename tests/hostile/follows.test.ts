import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { followAs, myFollows } from '../support/follows.ts';
import { createTestItem } from '../support/test-items.ts';
import { expectHealthy, send } from './hostile-requests.ts';

const backend = inject('backend');

/** Posts a raw body to an RPC, as this user or (without one) as a visitor. */
function rawRpc(name: string, body: string, user?: SignedInUser) {
  return send(backend, `/rest/v1/rpc/${name}`, {
    body,
    headers: user ? { authorization: `Bearer ${user.session.access_token}` } : {},
  });
}

function expectRefusedNot5xx(answer: { status: number }, label: string) {
  expect({ label, status: answer.status >= 400 && answer.status < 500 }).toEqual({ label, status: true });
}

/**
 * Follows against those who would abuse or break them (docs/product.md#follows): visitors and
 * the wrong role, saved searches that are huge, deep or oddly encoded, floods, unknown targets.
 * No answer is a 5xx, nothing hangs, nothing is stored.
 */
describe('hostile follows', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    user = await signedInAs('user', 'hostile-follow');
  });

  it('refuses visitors and keeps the table closed to direct writes', async () => {
    const item = await createTestItem('software', 'hostile-follow-anon');
    for (const [name, body] of [
      ['follow', JSON.stringify({ target_type: 'item', target: item.slug })],
      ['unfollow', JSON.stringify({ follow_id: crypto.randomUUID() })],
      ['my_follows', '{}'],
      ['mark_follow_seen', JSON.stringify({ follow_id: crypto.randomUUID() })],
    ] as const) {
      const answer = await rawRpc(name, body);
      expect({ name, status: answer.status }).toEqual({ name, status: 401 });
    }
    // the helpers behind them are nobody's to call
    for (const name of ['follow_target', 'follow_caller', 'follow_rate_limit', 'follower_count']) {
      expectRefusedNot5xx(await rawRpc(name, '{}', user), name);
    }
    const direct = await user.client
      .from('follows')
      .insert({ user_id: user.userId, target_type: 'item', content_id: item.id });
    expect(direct.error).not.toBeNull();
    const rate = await user.client.from('follow_rate_events').insert({ user_id: user.userId });
    expect(rate.error).not.toBeNull();
    expect((await user.client.from('follow_rate_events').select('id')).data ?? []).toEqual([]);
    // follow_state is public, and says nothing of anyone's follows to a visitor
    const state = await rawRpc('follow_state', JSON.stringify({ target_type: 'item', target: item.slug }));
    expect(state).toMatchObject({ status: 200, body: { followers: 0, follow_id: null } });
  });

  it('refuses huge, deep, oddly encoded and malformed saved searches without a 5xx', async () => {
    const refusals: Array<[string, string, number]> = [
      ['huge', `search=${'x'.repeat(2_001)}`, 400],
      ['many parameters', Array.from({ length: 150 }, (_, i) => `domain=d${i}`).join('&'), 400],
      ['unknown parameter', 'search=x&page=2', 400],
      ['view kept', 'search=x&view=list', 400],
      ['not encoded', 'search=a b', 400],
      ['broken escape', 'search=%zz', 400],
      ['half escape', 'search=abc%2', 400],
      ['leading question mark', '?search=x', 400],
      ['script', 'search=<script>alert(1)</script>', 400],
      ['empty value', 'search=', 400],
      ['newline', 'search=x\n&domain=y', 400],
    ];
    for (const [label, query, status] of refusals) {
      const answer = await rawRpc(
        'follow',
        JSON.stringify({ target_type: 'search', target: query, label: 'Odd' }),
        user,
      );
      expect({ label, status: answer.status }).toEqual({ label, status });
    }
    for (const escape of ['\\u0000', '\\ud800']) {
      const answer = await rawRpc(
        'follow',
        `{"target_type":"search","target":"search=${escape}x","label":"Odd"}`,
        user,
      );
      expectRefusedNot5xx(answer, escape);
    }
    const deep = await rawRpc(
      'follow',
      `{"target_type":"search","target":${'['.repeat(60)}${']'.repeat(60)},"label":"Deep"}`,
      user,
    );
    expectRefusedNot5xx(deep, 'deep');
    const huge = await rawRpc(
      'follow',
      JSON.stringify({ target_type: 'search', target: `search=${'x'.repeat(400_000)}`, label: 'Huge' }),
      user,
    );
    expectRefusedNot5xx(huge, 'huge body');
    const longName = await followAs(user.client, 'search', 'search=odd', 'n'.repeat(201));
    expect(longName.error?.message).toBe("A saved search's name must be at most 200 characters");
    // a name full of control characters and spaces is no name
    const blank = await followAs(user.client, 'search', 'search=odd', '\u0001\u0002 \t');
    expect(blank.error?.message).toBe('Name this search');
    // percent-encoded text of any kind is a value like another: stored as given, never decoded
    const encoded = await followAs(
      user.client,
      'search',
      'search=%3Cscript%3E%F0%9F%A7%AC&sort=recent',
      'Odd but fine',
    );
    expect(encoded.error).toBeNull();
    expect((await myFollows(user.client)).map((entry) => entry.target)).toEqual([
      'search=%3Cscript%3E%F0%9F%A7%AC&sort=recent',
    ]);
    await user.client.rpc('unfollow', { follow_id: encoded.data!.id });
    await expectHealthy(backend);
  });

  it('answers unknown and malformed targets and ids with 4xx', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['unknown type', { target_type: 'planet', target: 'mars' }],
      ['null target', { target_type: 'item', target: null }],
      ['missing target', { target_type: 'item' }],
      ['long slug', { target_type: 'item', target: 'a'.repeat(2_001) }],
      ['organization not a uuid', { target_type: 'organization', target: "1' or '1'='1" }],
      ['person with odd handle', { target_type: 'person', target: '../admin' }],
      ['field as array', { target_type: 'field', target: ['biology'] }],
      ['extra argument', { target_type: 'field', target: 'biology', user_id: crypto.randomUUID() }],
    ];
    for (const [label, body] of cases) {
      const answer = await rawRpc('follow', JSON.stringify(body), user);
      expectRefusedNot5xx(answer, `${label}: ${answer.status}`);
      expectRefusedNot5xx(await rawRpc('follow_state', JSON.stringify(body)), `state: ${label}`);
    }
    for (const id of ['not-a-uuid', '', 'null']) {
      expectRefusedNot5xx(await rawRpc('unfollow', JSON.stringify({ follow_id: id }), user), `unfollow ${id}`);
    }
    for (const slug of ['x'.repeat(5_000), '%00', '../../etc']) {
      const field = await rawRpc('field_page', JSON.stringify({ _slug: slug }));
      expect(field).toMatchObject({ status: 200, body: null });
      const organization = await rawRpc('organization_page', JSON.stringify({ _id: slug }));
      expect(organization).toMatchObject({ status: 200, body: null });
    }
    for (const path of ['/field/no_such_field', '/field/%00', '/org/not-an-id', `/org/${crypto.randomUUID()}`]) {
      const page = await send(backend, path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
    }
    // text that is not valid encoding is refused by the gateway before any page is looked up
    expect((await send(backend, '/field/%ff')).status).toBe(400);
    expect((await send(backend, '/field/biology')).status).toBe(200);
    expect(await myFollows(user.client)).toEqual([]);
    await expectHealthy(backend);
  });

  it('stops a flood of new follows at 100 an hour with 429, storing nothing', async () => {
    const flooder = await signedInAs('user', 'hostile-follow-flood');
    const item = await createTestItem('agent', 'hostile-follow-flood');
    await withDatabase((db) =>
      db.query('insert into public.follow_rate_events (user_id) select $1 from generate_series(1, 100)', [
        flooder.userId,
      ]),
    );
    const flood = await followAs(flooder.client, 'item', item.slug);
    expect(flood.status).toBe(429);
    expect(flood.error?.message).toBe('You have reached the limit of 100 new follows an hour. Please try again later.');
    expect(await myFollows(flooder.client)).toEqual([]);
    // an hour on, the old follows no longer count
    await withDatabase((db) =>
      db.query("update public.follow_rate_events set created_at = now() - interval '61 minutes' where user_id = $1", [
        flooder.userId,
      ]),
    );
    expect((await followAs(flooder.client, 'item', item.slug)).error).toBeNull();

    // parallel follows of many things: each counted once, none lost, no 5xx
    const items = await Promise.all(Array.from({ length: 12 }, (_, i) => createTestItem('software', `parallel-${i}`)));
    const answers = await Promise.all(items.map((each) => followAs(flooder.client, 'item', each.slug)));
    expect(answers.map((answer) => answer.error)).toEqual(items.map(() => null));
    expect(await myFollows(flooder.client)).toHaveLength(13);
    const tally = await withDatabase(
      async (db) =>
        (
          await db.query<{ n: number }>(
            "select count(*)::int as n from public.follow_rate_events where user_id = $1 and created_at > now() - interval '1 hour'",
            [flooder.userId],
          )
        ).rows[0]!.n,
    );
    // the follow after the hour and the twelve: the hour-old ones were pruned
    expect(tally).toBe(13);
    await expectHealthy(backend);
  });
});
