import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { followLink, PASSWORD, signedInAs, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { serviceClient } from '../support/clients.ts';
import { codeIn, linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';

/**
 * The auth service's admin API and sign-in by mailed link or code, driven through supabase-js
 * as an operator's script and an app use them (docs/product.md#admin-api, #sign-in-by-e-mail).
 */
describe('the admin API through supabase-js auth.admin', () => {
  const admin = () => serviceClient().auth.admin;
  const dataDir = () => inject('backend').dataDir;

  async function createConfirmed(label: string, extra: Record<string, unknown> = {}) {
    const email = uniqueEmail(label);
    const { data, error } = await admin().createUser({ email, password: PASSWORD, email_confirm: true, ...extra });
    expect(error).toBeNull();
    return { email, id: data.user!.id };
  }

  it('lists users a page at a time, with the total and the next and last pages', async () => {
    // GoTrue's filter (which supabase-js does not send) keeps this test's own users apart
    const tag = `listed${randomUUID().slice(0, 8)}`;
    const mine = [await createConfirmed(tag), await createConfirmed(tag), await createConfirmed(tag)];
    const backend = inject('backend');
    const headers = { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` };
    const first = await fetch(`${backend.url}/auth/v1/admin/users?per_page=2&filter=${tag}`, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(first.headers.get('link')).toBe(
      `</auth/v1/admin/users?filter=${tag}&page=2&per_page=2>; rel="next", ` +
        `</auth/v1/admin/users?filter=${tag}&page=2&per_page=2>; rel="last"`,
    );
    const listed = (await first.json()) as { users: { id: string }[]; aud: string };
    expect(listed.aud).toBe('authenticated');
    expect(listed.users.map((user) => user.id)).toEqual([mine[2]!.id, mine[1]!.id]);

    const everyone = await fetch(`${backend.url}/auth/v1/admin/users?per_page=1`, { headers });
    const total = Number(everyone.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);

    // Two pages in all, so that supabase-js (which reads one digit of a page number) reads them right.
    const perPage = Math.ceil(total / 2);
    const page1 = await admin().listUsers({ page: 1, perPage });
    expect(page1.error).toBeNull();
    expect(page1.data).toMatchObject({ aud: 'authenticated', total, nextPage: 2, lastPage: 2 });
    expect(page1.data.users).toHaveLength(perPage);
    const page2 = await admin().listUsers({ page: 2, perPage });
    expect(page2.data).toMatchObject({ total, nextPage: null, lastPage: 2 });
    expect(page2.data.users.length).toBe(total - perPage);
    // newest first, no one twice
    const ids = [...page1.data.users, ...page2.data.users].map((user) => user.id);
    expect(new Set(ids).size).toBe(total);
    const created = page1.data.users.map((user) => user.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect((await admin().listUsers({ page: 3, perPage })).data.users).toEqual([]);
  });

  it('reads and changes a user: address, password, metadata, confirmation and bans', async () => {
    const { email, id } = await createConfirmed('changed', { user_metadata: { first_name: 'Ada', team: 'x' } });
    const device = visitor();
    expect((await device.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const read = await admin().getUserById(id);
    expect(read.data.user).toMatchObject({ id, email, user_metadata: { first_name: 'Ada', team: 'x' } });
    expect(read.data.user?.email_confirmed_at).toBeTruthy();

    const newEmail = uniqueEmail('renamed');
    const newPassword = 'a whole new passphrase';
    const updated = await admin().updateUserById(id, {
      email: newEmail,
      password: newPassword,
      user_metadata: { team: null, role_title: 'Curator' },
      app_metadata: { plan: 'lab' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({
      email: newEmail,
      user_metadata: { first_name: 'Ada', role_title: 'Curator' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'lab' },
    });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('team');
    // a new password signs out every device
    expect((await device.auth.getUser()).error?.message).toBe('Auth session missing!');
    expect((await visitor().auth.signInWithPassword({ email, password: PASSWORD })).error?.message).toBe(
      'Invalid login credentials',
    );
    expect((await visitor().auth.signInWithPassword({ email: newEmail, password: newPassword })).error).toBeNull();

    const weak = await admin().updateUserById(id, { password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const role = await admin().updateUserById(id, { role: 'service_role' });
    expect(role.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const banned = await admin().updateUserById(id, { ban_duration: '24h' });
    const until = Date.parse(banned.data.user!.banned_until!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await visitor().auth.signInWithPassword({ email: newEmail, password: newPassword })).error?.message).toBe(
      'User is banned',
    );
    const lifted = await admin().updateUserById(id, { ban_duration: 'none' });
    expect(lifted.data.user?.banned_until).toBeUndefined();
    expect((await visitor().auth.signInWithPassword({ email: newEmail, password: newPassword })).error).toBeNull();

    const taken = await admin().updateUserById(id, { email: (await createConfirmed('taken')).email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('confirms an unconfirmed account on request', async () => {
    const email = uniqueEmail('unconfirmed');
    const created = await admin().createUser({ email, password: PASSWORD });
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const confirmed = await admin().updateUserById(created.data.user!.id, { email_confirm: true });
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    expect((await visitor().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('deletes a user for good: sessions end, personal rows go, activity forgets the person', async () => {
    const { client, userId, email, session } = await signedInAs('user', 'deleted');
    expect((await client.from('user_profiles').update({ bio: 'Gone soon' }).eq('id', userId)).error).toBeNull();

    const deleted = await admin().deleteUser(userId);
    expect(deleted.error).toBeNull();
    expect((await admin().getUserById(userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await visitor().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
    const left = await withDatabase(async (db) => {
      const rows = async (sql: string) => (await db.query(sql, [userId])).rowCount;
      return {
        profile: await rows('select 1 from public.user_profiles where id = $1'),
        roles: await rows('select 1 from public.user_roles where user_id = $1'),
        sessions: await rows('select 1 from auth.sessions where user_id = $1'),
        activity: (await db.query(`select 1 from public.user_activity where activity_data ->> 'email' = $1`, [email]))
          .rowCount,
      };
    });
    expect(left).toEqual({ profile: 0, roles: 0, sessions: 0, activity: 0 });
    // the address is free again
    expect((await admin().createUser({ email, password: PASSWORD })).error).toBeNull();
    expect((await admin().deleteUser(userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('deletes softly: the account closes and its address is free, its row stays', async () => {
    const { userId, email, session } = await signedInAs('user', 'softly');
    expect((await admin().deleteUser(userId, true)).error).toBeNull();
    expect((await admin().getUserById(userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await visitor().auth.signInWithPassword({ email, password: PASSWORD })).error?.message).toBe(
      'Invalid login credentials',
    );
    expect((await visitor().auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
    const row = await withDatabase(
      async (db) =>
        (
          await db.query<{ email: string }>('select email from auth.users where id = $1 and deleted_at is not null', [
            userId,
          ])
        ).rows[0],
    );
    expect(row?.email).not.toContain('@');
    expect((await admin().deleteUser(userId, true)).error).toBeNull(); // again: nothing to do
    expect((await admin().createUser({ email, password: PASSWORD })).error).toBeNull();
  });

  it("lists a user's factors and removes one", async () => {
    const { userId, client } = await signedInAs('admin', 'factors');
    const listed = await admin().mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ factor_type: 'totp', status: 'verified', friendly_name: 'Test authenticator' }),
    ]);
    const factorId = listed.data!.factors[0]!.id;
    const removed = await admin().mfa.deleteFactor({ userId, id: factorId });
    expect(removed.error).toBeNull();
    expect((await admin().mfa.listFactors({ userId })).data?.factors).toEqual([]);
    // the session it raised is aal1 again once refreshed
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
    expect((await admin().mfa.deleteFactor({ userId, id: factorId })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
  });

  it('generates links and codes without sending mail, each usable as a mail would be', async () => {
    const { email, id } = await createConfirmed('linked');
    const magic = await admin().generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.user?.id).toBe(id);
    expect(magic.data.properties).toMatchObject({
      verification_type: 'magiclink',
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    expect(magic.data.properties?.action_link).toContain('/auth/v1/verify?token=');
    const byHash = await visitor().auth.verifyOtp({
      token_hash: magic.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session?.user.id).toBe(id);

    const newcomer = uniqueEmail('generated');
    const signup = await admin().generateLink({ type: 'signup', email: newcomer, password: PASSWORD });
    expect(signup.data.properties?.verification_type).toBe('signup');
    expect(signup.data.user?.email_confirmed_at).toBeUndefined();
    const byCode = await visitor().auth.verifyOtp({
      email: newcomer,
      token: signup.data.properties!.email_otp,
      type: 'email',
    });
    expect(byCode.error).toBeNull();
    expect(byCode.data.user?.email_confirmed_at).toBeTruthy();

    // a sign-in link for an address without an account signs it up, as GoTrue's does
    const stranger = uniqueEmail('stranger');
    const magicNew = await admin().generateLink({ type: 'magiclink', email: stranger });
    expect(magicNew.data.properties?.verification_type).toBe('signup');

    const moved = uniqueEmail('moved');
    const change = await admin().generateLink({ type: 'email_change_new', email, newEmail: moved });
    expect(change.data.properties?.verification_type).toBe('email_change_new');
    const changed = await visitor().auth.verifyOtp({
      email: moved,
      token: change.data.properties!.email_otp,
      type: 'email_change',
    });
    expect(changed.data.user?.email).toBe(moved);

    const followed = await followLink(
      (await admin().generateLink({ type: 'recovery', email: moved })).data.properties!.action_link,
    );
    expect(followed.fragment.get('type')).toBe('recovery');
    expect(followed.fragment.get('access_token')).toBeTruthy();

    expect((await admin().generateLink({ type: 'recovery', email: uniqueEmail('nobody') })).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
    expect((await admin().generateLink({ type: 'signup', email: moved, password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    for (const address of [email, newcomer, stranger, moved]) expect(mailsTo(dataDir(), address)).toEqual([]);
  });

  it('invites by mail; the invited person sets a password by the link', async () => {
    const email = uniqueEmail('invited');
    const invited = await admin().inviteUserByEmail(email, { data: { first_name: 'Grace' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { first_name: 'Grace' } });
    expect(invited.data.user?.invited_at).toBeTruthy();

    const mail = await waitForMail(dataDir(), email, { kind: 'invite' });
    expect(mail.subject).toBe('You are invited to SciAI');
    expect(mail.text).toContain('/auth/confirm?type=invite&email=');
    const followed = await followLink(linkIn(mail));
    expect(followed.target).toBe(`${inject('backend').url}/auth/reset-password?invited=1`);
    expect(followed.fragment.get('type')).toBe('invite');
    const browser = visitor();
    const adopted = await browser.auth.setSession({
      access_token: followed.fragment.get('access_token')!,
      refresh_token: followed.fragment.get('refresh_token')!,
    });
    expect(adopted.data.user?.email_confirmed_at).toBeTruthy();
    expect((await browser.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect((await visitor().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('sign-in by a mailed link or code (signInWithOtp)', () => {
  const dataDir = () => inject('backend').dataDir;

  it('mails a link and a code; the code signs in at aal1 when a second factor is enrolled', async () => {
    const { email, client: enrolled } = await signedInAs('admin', 'otp');
    expect((await enrolled.auth.signOut()).error).toBeNull();
    const device = visitor();
    const asked = await device.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(asked).toEqual({ data: { user: null, session: null, messageId: undefined }, error: null });

    const mail = await waitForMail(dataDir(), email, { kind: 'magiclink' });
    expect(mail.subject).toBe('Your SciAI sign-in link');
    expect(linkIn(mail)).toContain('type=magiclink');
    const verified = await device.auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
    expect(verified.error).toBeNull();
    expect((await device.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    // the code works once
    const again = await visitor().auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('makes an account for a new address unless told not to, and answers alike either way', async () => {
    const fresh = uniqueEmail('otp-new');
    const unknown = uniqueEmail('otp-unknown');
    const declined = await visitor().auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } });
    const accepted = await visitor().auth.signInWithOtp({
      email: fresh,
      options: { data: { first_name: 'Rosalind' } },
    });
    expect(declined).toEqual(accepted);

    const mail = await waitForMail(dataDir(), fresh, { kind: 'magiclink' });
    const followed = await followLink(linkIn(mail));
    expect(followed.fragment.get('type')).toBe('magiclink');
    const device = visitor();
    const { data } = await device.auth.setSession({
      access_token: followed.fragment.get('access_token')!,
      refresh_token: followed.fragment.get('refresh_token')!,
    });
    expect(data.user).toMatchObject({ email: fresh, user_metadata: { first_name: 'Rosalind' } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    // the declined address got nothing, and has no account
    expect(mailsTo(dataDir(), unknown)).toEqual([]);
    const unknownRows = await withDatabase(
      async (db) => (await db.query('select 1 from auth.users where email = $1', [unknown])).rowCount,
    );
    expect(unknownRows).toBe(0);
  });

  it('answers a phone number as GoTrue does without a phone provider', async () => {
    const { error } = await visitor().auth.signInWithOtp({ phone: '+15555550123' });
    expect(error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });
});
