import { describe, expect, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';
import { createTestItem, readCounters } from '../support/test-items.ts';

/** An admin signed in with a password only (aal1): the account must have 2FA for any elevated right. */
async function adminWithoutSecondFactor(label: string): Promise<SignedInUser> {
  const admin = await signedInAs('user', label);
  await withDatabase((db) =>
    db.query("insert into public.user_roles (user_id, role) values ($1, 'admin')", [admin.userId]),
  );
  return admin;
}

/**
 * While require_admin_2fa is on (the default), an admin account has no elevated right at aal1:
 * not the admin ones, and not the moderator ones every admin also holds (moderation, private
 * profiles, editing items). A moderator who is not an admin is not asked for a second factor.
 */
describe('an admin without the second factor', () => {
  it('cannot moderate, read private profiles or edit items', async () => {
    const weak = await adminWithoutSecondFactor('staff-aal1');
    const contributor = await signedInAs('user', 'staff-aal1-contributor');
    await withDatabase((db) =>
      db.query("update public.user_profiles set bio = 'private bio' where id = $1", [contributor.userId]),
    );
    const submissionId = await submit(
      contributor.client,
      contributor.userId,
      rowOf(validDraft((await domainIds(contributor.client)).slice(0, 1))),
    );

    const approved = await weak.client.rpc('approve_submission', { submission_id: submissionId });
    expect(approved.error?.code).toBe('42501');
    const queue = await weak.client.from('content_submissions').select('id').eq('id', submissionId);
    expect(queue.data).toEqual([]);

    const profile = await weak.client.from('user_profiles').select('bio').eq('id', contributor.userId);
    expect(profile.data).toEqual([]);

    const item = await createTestItem('software', 'staff-aal1-item');
    const edited = await weak.client
      .from('content_items')
      .update({ view_count: 1_000_000 })
      .eq('id', item.id)
      .select('id');
    expect(edited.data ?? []).toEqual([]);
    expect((await readCounters(item.id)).view_count).toBe(0);

    const draft = await createTestItem('software', 'staff-aal1-draft');
    await withDatabase((db) => db.query("update public.content_items set status = 'draft' where id = $1", [draft.id]));
    const drafts = await weak.client.from('content_items').select('id').eq('id', draft.id);
    expect(drafts.data).toEqual([]);
  });

  it('leaves moderators without the admin role their rights at aal1', async () => {
    const moderator = await signedInAs('moderator', 'staff-moderator');
    const other = await signedInAs('user', 'staff-moderator-target');
    const profile = await moderator.client.from('user_profiles').select('id').eq('id', other.userId);
    expect(profile.data).toEqual([{ id: other.userId }]);
  });

  it('has every right back at aal2', async () => {
    const admin = await signedInAs('admin', 'staff-aal2');
    const other = await signedInAs('user', 'staff-aal2-target');
    const profile = await admin.client.from('user_profiles').select('id').eq('id', other.userId);
    expect(profile.data).toEqual([{ id: other.userId }]);
  });
});
