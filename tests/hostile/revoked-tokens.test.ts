import { describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { domainIds, rowOf, validDraft } from '../support/submissions.ts';
import { send } from './hostile-requests.ts';

/** The session id an access token was issued for. */
function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    session_id: string;
  };
  return payload.session_id;
}

/**
 * An access token stays valid as a JWT for an hour, but a banned user or an ended session (sign
 * out, a session ended in the settings) must lose the Data API at once: the database checks both
 * before every request PostgREST serves (its db-pre-request function).
 */
describe('access tokens of banned users and ended sessions', () => {
  const backend = inject('backend');

  /** What the holder of `user`'s access token can still do: write a submission, a profile, read. */
  async function attempts(user: SignedInUser): Promise<number[]> {
    const headers = { authorization: `Bearer ${user.session.access_token}` };
    const row = rowOf(validDraft((await domainIds(anonClient())).slice(0, 1)));
    const submitted = await send(backend, '/rest/v1/content_submissions', {
      body: JSON.stringify({ ...row, submitter_id: user.userId }),
      headers,
    });
    const profile = await send(backend, `/rest/v1/user_profiles?id=eq.${user.userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ bio: 'still here' }),
      headers,
    });
    const read = await send(backend, '/rest/v1/scientific_domains?select=id&limit=1', { headers });
    return [submitted.status, profile.status, read.status];
  }

  it('keeps a live session working', async () => {
    const user = await signedInAs('user', 'token-live');
    expect(await attempts(user)).toEqual([201, 204, 200]);
  });

  it('refuses a banned user at once, whatever their session', async () => {
    const user = await signedInAs('user', 'token-banned');
    await withDatabase((db) =>
      db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [user.userId]),
    );
    const statuses = await attempts(user);
    expect(statuses).toEqual([401, 401, 401]);
    const answer = await send(backend, '/rest/v1/scientific_domains?select=id', {
      headers: { authorization: `Bearer ${user.session.access_token}` },
    });
    expect(answer.body).toMatchObject({ code: 'PT401' });
  });

  it('refuses the token of a session that was signed out or ended', async () => {
    const signedOut = await signedInAs('user', 'token-signed-out');
    expect((await signedOut.client.auth.signOut()).error).toBeNull();
    expect(await attempts(signedOut)).toEqual([401, 401, 401]);

    const ended = await signedInAs('user', 'token-ended');
    await withDatabase((db) =>
      db.query('delete from auth.sessions where id = $1', [sessionIdOf(ended.session.access_token)]),
    );
    expect(await attempts(ended)).toEqual([401, 401, 401]);

    const expired = await signedInAs('user', 'token-not-after');
    await withDatabase((db) =>
      db.query('update auth.sessions set not_after = now() where id = $1', [sessionIdOf(expired.session.access_token)]),
    );
    expect(await attempts(expired)).toEqual([401, 401, 401]);
  });

  it('refuses them on the admin status endpoint too, which the gateway answers itself', async () => {
    const adminStatus = (user: SignedInUser) =>
      fetch(`${backend.url}/healthz/admin`, { headers: { authorization: `Bearer ${user.session.access_token}` } });

    const live = await signedInAs('admin', 'status-live');
    expect((await adminStatus(live)).status).toBe(200);

    const banned = await signedInAs('admin', 'status-banned');
    await withDatabase((db) =>
      db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [banned.userId]),
    );
    expect((await adminStatus(banned)).status).toBe(401);

    const signedOut = await signedInAs('admin', 'status-signed-out');
    expect((await signedOut.client.auth.signOut()).error).toBeNull();
    expect((await adminStatus(signedOut)).status).toBe(401);

    const ended = await signedInAs('admin', 'status-ended');
    await withDatabase((db) =>
      db.query('delete from auth.sessions where id = $1', [sessionIdOf(ended.session.access_token)]),
    );
    expect((await adminStatus(ended)).status).toBe(401);
  });

  it('leaves visitors and the service role untouched', async () => {
    expect((await send(backend, '/rest/v1/scientific_domains?select=id&limit=1')).status).toBe(200);
    const service = await send(backend, '/rest/v1/user_roles?select=id&limit=1', { key: backend.serviceRoleKey });
    expect(service.status).toBe(200);
  });
});
