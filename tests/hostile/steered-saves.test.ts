import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { createTestItem, readCounters } from '../support/test-items.ts';

/**
 * Saves move save_count and trending_score, which order the site's lists, so the table API must
 * not let a user move them by anything but saving and unsaving a published item: a save is never
 * updated (moving it from one item to another left the first one's count raised), and a draft
 * cannot be saved (nor told apart from an id that does not exist).
 */
describe('saves that would steer counts and trending', () => {
  it('refuses moving a save to another item, so three rounds leave both counts exact', async () => {
    const saver = await signedInAs('user', 'steer-saves');
    const raised = await createTestItem('software', 'steer-up');
    const lowered = await createTestItem('software', 'steer-down');
    await withDatabase((db) =>
      db.query('update public.content_items set save_count = 10, trending_score = 50 where id = $1', [lowered.id]),
    );
    const before = await readCounters(raised.id);

    for (let round = 0; round < 3; round += 1) {
      await saver.client.from('user_saved_items').insert({ content_id: raised.id });
      const moved = await saver.client
        .from('user_saved_items')
        .update({ content_id: lowered.id })
        .eq('content_id', raised.id)
        .select('content_id');
      expect(moved.error?.code, JSON.stringify(moved)).toBe('42501');
      await saver.client.from('user_saved_items').delete().eq('content_id', lowered.id);
    }

    const saved = await saver.client.from('user_saved_items').select('content_id');
    expect(saved.data).toEqual([{ content_id: raised.id }]);
    expect((await readCounters(raised.id)).save_count).toBe(1);
    expect((await readCounters(raised.id)).trending_score).toBeLessThanOrEqual(before.trending_score + 5);
    expect(await readCounters(lowered.id)).toMatchObject({ save_count: 10, trending_score: 50 });
  });

  it('refuses saving an unpublished item exactly as an id that does not exist', async () => {
    const saver = await signedInAs('user', 'save-draft');
    const draft = await createTestItem('paper', 'save-draft');
    await withDatabase((db) =>
      db.query("update public.content_items set status = 'draft', published_at = null where id = $1", [draft.id]),
    );

    const onDraft = await saver.client.from('user_saved_items').insert({ content_id: draft.id });
    const onNothing = await saver.client.from('user_saved_items').insert({ content_id: randomUUID() });
    expect(onDraft.status).toBe(403);
    expect(onDraft.error?.code).toBe('42501');
    expect({ status: onNothing.status, code: onNothing.error?.code, message: onNothing.error?.message }).toEqual({
      status: onDraft.status,
      code: onDraft.error?.code,
      message: onDraft.error?.message,
    });
    expect((await readCounters(draft.id)).save_count).toBe(0);

    const rpc = await saver.client.rpc('save_item', { item_id: draft.id });
    // a refusal, not a fault: PostgREST answers PT404 with 404 (P0002 would be a 500)
    expect({ code: rpc.error?.code, status: rpc.status }).toEqual({ code: 'PT404', status: 404 });
    expect((await readCounters(draft.id)).save_count).toBe(0);
  });
});
