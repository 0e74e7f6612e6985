import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { createTestItem, readCounters } from '../support/test-items.ts';

/** Signs up `count` users a few at a time (each sign-up hashes a password). */
async function manyUsers(count: number): Promise<SignedInUser[]> {
  const users: SignedInUser[] = [];
  while (users.length < count) {
    const batch = Math.min(5, count - users.length);
    users.push(...(await Promise.all(Array.from({ length: batch }, () => signedInAs('user', 'saver')))));
  }
  return users;
}

describe('saving items', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signedInAs('user', 'saver');
  });

  it('save_item and unsave_item are idempotent and keep save_count exact', async () => {
    const item = await createTestItem('software', 'save-idem');
    const first = await user.client.rpc('save_item', { item_id: item.id });
    expect(first).toMatchObject({ error: null, data: true });
    const again = await user.client.rpc('save_item', { item_id: item.id });
    expect(again).toMatchObject({ error: null, data: false });
    expect((await readCounters(item.id)).save_count).toBe(1);

    const rows = await user.client.from('user_saved_items').select('content_id').eq('content_id', item.id);
    expect(rows.data).toEqual([{ content_id: item.id }]);

    expect(await user.client.rpc('unsave_item', { item_id: item.id })).toMatchObject({ error: null, data: true });
    expect(await user.client.rpc('unsave_item', { item_id: item.id })).toMatchObject({ error: null, data: false });
    expect((await readCounters(item.id)).save_count).toBe(0);
  });

  it('counts saves made through the table API as well (insert / delete)', async () => {
    const item = await createTestItem('paper', 'save-table');
    const inserted = await user.client
      .from('user_saved_items')
      .insert({ content_id: item.id })
      .select('user_id, content_id')
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ user_id: user.userId, content_id: item.id });
    const duplicate = await user.client.from('user_saved_items').insert({ content_id: item.id });
    expect(duplicate.error?.code).toBe('23505');
    expect((await readCounters(item.id)).save_count).toBe(1);
    const removed = await user.client.from('user_saved_items').delete().eq('content_id', item.id);
    expect(removed.error).toBeNull();
    expect((await readCounters(item.id)).save_count).toBe(0);
  });

  it('stays exact after 20 users save the same item at once', async () => {
    const item = await createTestItem('software', 'save-crowd');
    const users = await manyUsers(20);
    const results = await Promise.all(users.map((saver) => saver.client.rpc('save_item', { item_id: item.id })));
    expect(results.map((result) => result.error)).toEqual(users.map(() => null));
    expect(results.every((result) => result.data === true)).toBe(true);
    expect((await readCounters(item.id)).save_count).toBe(20);
    const stored = await withDatabase((db) =>
      db.query<{ n: number }>('select count(*)::integer as n from public.user_saved_items where content_id = $1', [
        item.id,
      ]),
    );
    expect(stored.rows[0]!.n).toBe(20);

    await Promise.all(users.slice(0, 7).map((saver) => saver.client.rpc('unsave_item', { item_id: item.id })));
    expect((await readCounters(item.id)).save_count).toBe(13);
  }, 120_000);

  it('a burst of double clicks by one user counts once', async () => {
    const item = await createTestItem('company', 'save-double');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => user.client.rpc('save_item', { item_id: item.id })),
    );
    expect(results.map((result) => result.error)).toEqual(results.map(() => null));
    expect(results.filter((result) => result.data === true)).toHaveLength(1);
    expect((await readCounters(item.id)).save_count).toBe(1);

    await Promise.all(Array.from({ length: 10 }, () => user.client.rpc('unsave_item', { item_id: item.id })));
    expect((await readCounters(item.id)).save_count).toBe(0);
  });

  it('refuses a visitor: the function says why, the table refuses outright', async () => {
    const item = await createTestItem('agent', 'save-anon');
    const anon = anonClient();
    const viaFunction = await anon.rpc('save_item', { item_id: item.id });
    expect(viaFunction.error?.message).toBe('Must be logged in to save items');
    const viaTable = await anon.from('user_saved_items').insert({ content_id: item.id, user_id: user.userId });
    expect(viaTable.error).not.toBeNull();
    const read = await anon.from('user_saved_items').select('content_id');
    expect(read.error).not.toBeNull();
    expect((await readCounters(item.id)).save_count).toBe(0);
  });

  it("keeps one user's saves from another", async () => {
    const item = await createTestItem('software', 'save-private');
    const other = await signedInAs('user', 'other');
    expect((await user.client.rpc('save_item', { item_id: item.id })).error).toBeNull();
    const seen = await other.client.from('user_saved_items').select('content_id').eq('content_id', item.id);
    expect(seen.data).toEqual([]);
    const forged = await other.client.from('user_saved_items').insert({ content_id: item.id, user_id: user.userId });
    expect(forged.error).not.toBeNull();
    const removed = await other.client.from('user_saved_items').delete().eq('content_id', item.id).select('content_id');
    expect(removed.data).toEqual([]);
    expect((await readCounters(item.id)).save_count).toBe(1);
  });

  it('does not save an item that is not published', async () => {
    const item = await createTestItem('software', 'save-draft');
    await withDatabase((db) => db.query("update public.content_items set status = 'draft' where id = $1", [item.id]));
    const result = await user.client.rpc('save_item', { item_id: item.id });
    expect(result.error?.message).toBe('Item not found');
  });

  it('shows the new count in the browse index at once', async () => {
    const item = await createTestItem('software', 'save-index');
    expect((await user.client.rpc('save_item', { item_id: item.id })).error).toBeNull();
    const indexed = await anonClient().from('content_search').select('save_count').eq('content_id', item.id).single();
    expect(indexed.data).toEqual({ save_count: 1 });
  });
});
