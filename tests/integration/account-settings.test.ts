import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  signedInAs,
  signUpAndConfirm,
  uniqueEmail,
  visitor,
  visitorAddress,
  withDatabase,
} from '../support/auth.ts';

/** The session id inside an access token: what list_my_sessions calls "this device". */
const sessionIdOf = (accessToken: string) => String(decodeJwt(accessToken).session_id);

describe('account settings: stored preferences', () => {
  it('keeps the theme and notification choices with the account', async () => {
    const ada = await signedInAs('user', 'prefs');
    const defaults = await ada.client
      .from('user_profiles')
      .select('theme_preference, notification_preferences')
      .eq('id', ada.userId)
      .single();
    expect(defaults.data).toEqual({
      theme_preference: 'system',
      notification_preferences: { contribution_reviews: true },
    });

    const saved = await ada.client
      .from('user_profiles')
      .update({ theme_preference: 'dark', notification_preferences: { contribution_reviews: false } })
      .eq('id', ada.userId)
      .select('theme_preference')
      .single();
    expect(saved.error).toBeNull();

    // Another device: a fresh sign-in reads the same choices.
    const laptop = visitor();
    expect((await laptop.auth.signInWithPassword({ email: ada.email, password: PASSWORD })).error).toBeNull();
    const elsewhere = await laptop
      .from('user_profiles')
      .select('theme_preference, notification_preferences')
      .eq('id', ada.userId)
      .single();
    expect(elsewhere.data).toEqual({
      theme_preference: 'dark',
      notification_preferences: { contribution_reviews: false },
    });

    const invalid = await ada.client.from('user_profiles').update({ theme_preference: 'purple' }).eq('id', ada.userId);
    expect(invalid.error?.code).toBe('23514');
  });

  it('lets no other user read or change them', async () => {
    const [owner, other] = await Promise.all([signedInAs('user', 'owner'), signedInAs('user', 'other')]);
    await owner.client.from('user_profiles').update({ theme_preference: 'light' }).eq('id', owner.userId);

    const read = await other.client
      .from('user_profiles')
      .select('theme_preference, notification_preferences')
      .eq('id', owner.userId);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const changed = await other.client
      .from('user_profiles')
      .update({ theme_preference: 'dark', notification_preferences: { contribution_reviews: false } })
      .eq('id', owner.userId)
      .select('id');
    expect(changed.data).toEqual([]);

    const stored = await owner.client
      .from('user_profiles')
      .select('theme_preference, notification_preferences')
      .eq('id', owner.userId)
      .single();
    expect(stored.data).toEqual({
      theme_preference: 'light',
      notification_preferences: { contribution_reviews: true },
    });
    const anonymous = await visitor().from('user_profiles').select('theme_preference').eq('id', owner.userId);
    expect(anonymous.error?.code).toBe('42501');
  });
});

describe('account settings: the interface language', () => {
  it('keeps one of the four languages with the account, unset until chosen', async () => {
    const ada = await signedInAs('user', 'language');
    const read = () => ada.client.from('user_profiles').select('preferred_language').eq('id', ada.userId).single();
    expect((await read()).data).toEqual({ preferred_language: null });

    for (const language of ['zh', 'es', 'ar', 'en']) {
      const saved = await ada.client
        .from('user_profiles')
        .update({ preferred_language: language })
        .eq('id', ada.userId)
        .select('preferred_language')
        .single();
      expect(saved.error).toBeNull();
      expect(saved.data).toEqual({ preferred_language: language });
    }
    for (const invalid of ['fr', 'EN', 'zh-Hans', '']) {
      const refused = await ada.client
        .from('user_profiles')
        .update({ preferred_language: invalid })
        .eq('id', ada.userId);
      expect(refused.error?.code).toBe('23514');
    }
    expect((await read()).data).toEqual({ preferred_language: 'en' });
  });

  it('lets no one else read or change it', async () => {
    const [owner, other] = await Promise.all([signedInAs('user', 'lang-owner'), signedInAs('user', 'lang-other')]);
    expect(
      (await owner.client.from('user_profiles').update({ preferred_language: 'ar' }).eq('id', owner.userId)).error,
    ).toBeNull();

    const read = await other.client.from('user_profiles').select('preferred_language').eq('id', owner.userId);
    expect(read.data).toEqual([]);
    const changed = await other.client
      .from('user_profiles')
      .update({ preferred_language: 'zh' })
      .eq('id', owner.userId)
      .select('id');
    expect(changed.data).toEqual([]);
    const anonymous = await visitor().from('user_profiles').update({ preferred_language: 'zh' }).eq('id', owner.userId);
    expect(anonymous.error?.code).toBe('42501');

    const stored = await withDatabase((db) =>
      db.query<{ preferred_language: string }>('select preferred_language from public.user_profiles where id = $1', [
        owner.userId,
      ]),
    );
    expect(stored.rows).toEqual([{ preferred_language: 'ar' }]);
  });
});

describe('account settings: password and sessions', () => {
  it('changes the password, keeping this session and ending the others', async () => {
    const ada = await signedInAs('user', 'password');
    const phone = visitor();
    const phoneSession = (await phone.auth.signInWithPassword({ email: ada.email, password: PASSWORD })).data.session!;

    const changed = await ada.client.auth.updateUser({ password: 'a brand new passphrase' });
    expect(changed.error).toBeNull();
    expect((await ada.client.auth.getUser()).data.user?.email).toBe(ada.email);
    expect((await phone.auth.refreshSession({ refresh_token: phoneSession.refresh_token })).error).not.toBeNull();

    expect((await visitor().auth.signInWithPassword({ email: ada.email, password: PASSWORD })).error?.message).toBe(
      'Invalid login credentials',
    );
    expect(
      (await visitor().auth.signInWithPassword({ email: ada.email, password: 'a brand new passphrase' })).error,
    ).toBeNull();
  });

  it('lists the caller’s sessions, ends one, then all the others', async () => {
    const address = visitorAddress();
    const desk = visitor(address);
    const email = uniqueEmail('sessions');
    const deskSession = await signUpAndConfirm(desk, email);
    const phone = visitor();
    const tablet = visitor();
    const phoneSession = (await phone.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const tabletSession = (await tablet.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    const listed = await desk.rpc('list_my_sessions');
    expect(listed.error).toBeNull();
    const rows = listed.data ?? [];
    expect(rows.map((row: { id: string }) => row.id).sort()).toEqual(
      [deskSession, phoneSession, tabletSession].map((session) => sessionIdOf(session.access_token)).sort(),
    );
    const current = rows.filter((row: { is_current: boolean }) => row.is_current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ id: sessionIdOf(deskSession.access_token), aal: 'aal1' });
    expect(rows[0]).toMatchObject({
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      user_agent: expect.any(String),
    });

    // Someone else cannot end Ada's sessions, even knowing an id.
    const stranger = await signedInAs('user', 'stranger');
    expect(
      (await stranger.client.rpc('end_my_session', { _session_id: sessionIdOf(tabletSession.access_token) })).data,
    ).toBe(false);
    expect((await stranger.client.rpc('list_my_sessions')).data).toHaveLength(1);
    expect((await visitor().rpc('list_my_sessions')).error).not.toBeNull();

    const ended = await desk.rpc('end_my_session', { _session_id: sessionIdOf(phoneSession.access_token) });
    expect(ended.data).toBe(true);
    const phoneRefresh = await phone.auth.refreshSession({ refresh_token: phoneSession.refresh_token });
    expect(phoneRefresh.error?.message).toMatch(/Invalid Refresh Token/);
    expect((await desk.rpc('list_my_sessions')).data).toHaveLength(2);

    expect((await desk.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await tablet.auth.refreshSession({ refresh_token: tabletSession.refresh_token })).error).not.toBeNull();
    const remaining = (await desk.rpc('list_my_sessions')).data ?? [];
    expect(remaining.map((row: { id: string }) => row.id)).toEqual([sessionIdOf(deskSession.access_token)]);
    expect((await desk.auth.getUser()).data.user?.email).toBe(email);
  });
});

describe('account settings: deleting the account', () => {
  it('removes personal data, keeps contributions anonymised, and the account cannot sign in again', async () => {
    const ada = await signedInAs('user', 'leaving');
    const { itemId, domainId } = await withDatabase(async (db) => {
      const item = await db.query<{ id: string }>(`select id from public.content_items limit 1`);
      const domain = await db.query<{ id: string }>(`select id from public.scientific_domains limit 1`);
      await db.query(
        `insert into public.user_activity (user_id, activity_type, activity_data, user_agent) values ($1, 'test_visit', $2, 'Firefox')`,
        [ada.userId, JSON.stringify({ email: ada.email, page: '/browse' })],
      );
      return { itemId: item.rows[0]!.id, domainId: domain.rows[0]!.id };
    });
    expect((await ada.client.from('user_saved_items').insert({ content_id: itemId })).error).toBeNull();
    const submission = await ada.client
      .from('content_submissions')
      .insert({
        title: 'A tool I made',
        description: 'It does useful things.',
        short_description: 'Useful things',
        content_type: 'software',
        domains: [domainId],
        relationship_to_content: 'creator',
      })
      .select('id')
      .single();
    expect(submission.error).toBeNull();
    const enrolled = await ada.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(enrolled.error).toBeNull();

    const refused = await ada.client.rpc('delete_my_account', { _confirmation: 'delete please' });
    expect(refused.error?.message).toBe('Type your e-mail address or DELETE to confirm');
    expect((await visitor().rpc('delete_my_account', { _confirmation: 'DELETE' })).error).not.toBeNull();

    const deleted = await ada.client.rpc('delete_my_account', { _confirmation: ada.email.toUpperCase() });
    expect(deleted.error).toBeNull();

    const left = await withDatabase(async (db) => {
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [ada.userId])).rows[0]!.n);
      return {
        users: await count(`select count(*) as n from auth.users where id = $1`),
        profiles: await count(`select count(*) as n from public.user_profiles where id = $1`),
        roles: await count(`select count(*) as n from public.user_roles where user_id = $1`),
        saved: await count(`select count(*) as n from public.user_saved_items where user_id = $1`),
        sessions: await count(`select count(*) as n from auth.sessions where user_id = $1`),
        factors: await count(`select count(*) as n from auth.mfa_factors where user_id = $1`),
        submission: (
          await db.query(`select submitter_id, title from public.content_submissions where id = $1`, [
            submission.data!.id,
          ])
        ).rows,
        activity: (
          await db.query(
            `select user_id, user_agent, activity_data from public.user_activity where activity_data ->> 'page' = '/browse' and activity_type = 'test_visit' and user_agent is null and user_id is null`,
          )
        ).rows.length,
        traces: Number(
          (
            await db.query<{ n: string }>(
              `select count(*) as n from public.user_activity where user_id = $1 or activity_data ->> 'email' = $2`,
              [ada.userId, ada.email],
            )
          ).rows[0]!.n,
        ),
      };
    });
    expect(left).toMatchObject({ users: 0, profiles: 0, roles: 0, saved: 0, sessions: 0, factors: 0, traces: 0 });
    expect(left.submission).toEqual([{ submitter_id: null, title: 'A tool I made' }]);
    expect(left.activity).toBeGreaterThanOrEqual(1);

    const again = await visitor().auth.signInWithPassword({ email: ada.email, password: PASSWORD });
    expect(again.error?.message).toBe('Invalid login credentials');
  });
});
