import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadOrCreateSecrets } from '@sciai/server';
import { signUnsubscribeToken } from '../../server/src/notifications/unsubscribe-token.ts';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { createTestItem } from '../support/test-items.ts';
import { expectHealthy, nestedArrays, send } from './hostile-requests.ts';

const backend = inject('backend');

/**
 * Notifications against those who would read another's, forge or replay an unsubscribe link, or
 * call the engine's functions (docs/product.md#notifications): no 5xx, nothing leaks, nothing
 * changes but what a genuine link asks.
 */
describe('hostile notifications', () => {
  let owner: SignedInUser;
  let other: SignedInUser;
  let secret: string;
  let ownIds: number[];

  const preferencesOf = async (userId: string) =>
    withDatabase(async (db) => {
      const { rows } = await db.query<{ p: unknown }>(
        'select notification_preferences as p from public.user_profiles where id = $1',
        [userId],
      );
      return rows[0]!.p;
    });

  beforeAll(async () => {
    [owner, other] = await Promise.all([
      signedInAs('user', 'hostile-notify-owner'),
      signedInAs('user', 'hostile-notify-other'),
    ]);
    secret = (await loadOrCreateSecrets(backend.dataDir)).jwtSecret;
    const item = await createTestItem('software', 'hostile-notify');
    ownIds = await withDatabase(async (db) => {
      await db.query("insert into public.follows (user_id, target_type, content_id) values ($1, 'item', $2)", [
        owner.userId,
        item.id,
      ]);
      await db.query(`select public.notify_item_followers($1::uuid, 'item_fact_edited', 'hostile:' || $1, $2::jsonb)`, [
        item.id,
        { title: item.title, path: `/tool/${item.slug}?tab=history` },
      ]);
      const { rows } = await db.query<{ id: string }>('select id::text from public.notifications where user_id = $1', [
        owner.userId,
      ]);
      return rows.map((row) => Number(row.id));
    });
    expect(ownIds).toHaveLength(1);
  });

  it('keeps each user’s notifications their own, through the table and the functions', async () => {
    const table = await other.client.from('notifications').select('id, user_id, payload');
    expect(table.error).toBeNull();
    expect(table.data).toEqual([]);
    const byId = await other.client.from('notifications').select('id').in('id', ownIds);
    expect(byId.data).toEqual([]);
    const list = await other.client.rpc('my_notifications', { only_unread: false });
    expect(list.data).toMatchObject({ notifications: [], unread_count: 0 });
    const marked = await other.client.rpc('mark_notifications', { ids: ownIds, mark_read: true });
    expect(marked.data).toBe(0);
    const anonymous = await anonClient().from('notifications').select('id');
    expect(anonymous.data ?? []).toEqual([]);
    // still unread for its owner
    const mine = await owner.client.rpc('unread_notification_count');
    expect(mine.data).toBe(1);
  });

  it('refuses the engine’s functions to visitors and users, with no 5xx', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['notify_new_items', { batch_size: 10 }],
      ['write_notification_digests', { max_users: 10 }],
      ['notify_item_followers', { content_id: ownIds[0], kind: 'item_release', event_key: 'x', payload: {} }],
      ['unsubscribe_email', { _user_id: owner.userId, scope: 'new_items' }],
      ['save_search_plans', { plans: [{ search_query: 'search=x' }] }],
      ['searches_without_plan', { max_count: 10 }],
      ['delete_old_notifications', { retention_days: 1 }],
    ];
    for (const [name, args] of calls) {
      for (const client of [anonClient(), other.client]) {
        const { error, status } = await client.rpc(name, args);
        expect(error, name).not.toBeNull();
        expect(status, name).toBeLessThan(500);
      }
    }
    expect(await preferencesOf(owner.userId)).not.toMatchObject({ email: { new_items: 'off' } });
    const nested = await send(backend, '/rest/v1/rpc/save_search_plans', { body: `{"plans": ${nestedArrays(500)}}` });
    expect(nested.status).toBeLessThan(500);
  });

  it('answers forged, altered, expired, oversized and oddly encoded unsubscribe links with 400 and changes nothing', async () => {
    const before = await preferencesOf(owner.userId);
    const genuine = signUnsubscribeToken(secret, {
      userId: owner.userId,
      scope: 'new_items',
      issuedAt: Date.now() / 1000,
    });
    const [body, mac] = genuine.split('.') as [string, string];
    const otherBody = Buffer.from(`${other.userId}.new_items.${Math.floor(Date.now() / 1000).toString(36)}`).toString(
      'base64url',
    );
    const forged = [
      signUnsubscribeToken('not the secret', { userId: owner.userId, scope: 'new_items', issuedAt: Date.now() / 1000 }),
      `${otherBody}.${mac}`, // another user's id under the owner's signature
      `${body}.${mac.slice(0, -2)}AA`,
      signUnsubscribeToken(secret, {
        userId: owner.userId,
        scope: 'new_items',
        issuedAt: Date.now() / 1000 - 400 * 86_400,
      }),
      'a'.repeat(5_000),
      '%00%ff',
      `${encodeURIComponent(genuine)}&token=${encodeURIComponent(genuine)}`,
      '',
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST']) {
        const answer = await send(
          backend,
          `/unsubscribe?token=${token.startsWith('%') || token.includes('&') ? token : encodeURIComponent(token)}`,
          {
            method,
            ...(method === 'POST'
              ? { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
              : {}),
          },
        );
        expect(answer.status, `${method} ${token.slice(0, 40)}`).toBe(400);
      }
    }
    const huge = await send(backend, `/unsubscribe?token=${encodeURIComponent(genuine)}`, {
      method: 'POST',
      body: 'x'.repeat(100_000),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(huge.status).toBeLessThan(500);
    expect(await preferencesOf(owner.userId)).toEqual(before);
    expect(await preferencesOf(other.userId)).not.toMatchObject({ email: { new_items: 'off' } });

    // the genuine link, replayed: the same answer, the same result
    for (let time = 0; time < 3; time++) {
      const answer = await send(backend, `/unsubscribe?token=${genuine}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.status).toBe(200);
    }
    expect(await preferencesOf(owner.userId)).toMatchObject({ email: { new_items: 'off' } });
    await expectHealthy(backend);
  });
});
