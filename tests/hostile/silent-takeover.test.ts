import { isAuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { followLink, PASSWORD, signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { codeIn, linkIn, waitForMail } from '../support/mailbox.ts';

/**
 * Whoever holds a session must not quietly make the account theirs: a change of address is told
 * to the old address with a link that undoes it, and a session that signed in more than a few
 * minutes ago needs a code mailed to the account before it may change the password or address
 * (docs/security.md#account-reauthentication).
 */
const dataDir = () => inject('backend').dataDir;

/** Makes the client's session look as if it signed in an hour ago. */
async function ageSession(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  const token = data.session!.access_token;
  const sessionId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { session_id: string })
    .session_id;
  await withDatabase((db) =>
    db.query(
      `update auth.sessions set created_at = now() - interval '1 hour',
         amr = jsonb_build_array(jsonb_build_object('method', 'password', 'timestamp', extract(epoch from now())::bigint - 3600))
       where id = $1`,
      [sessionId],
    ),
  );
}

describe('silent takeover', () => {
  it('tells the old address of a change of address, and its link puts the address back and ends every session', async () => {
    const owner = uniqueEmail('owner');
    const intruder = uniqueEmail('intruder');
    const stolen = visitor();
    await signUpAndConfirm(stolen, owner);

    expect((await stolen.auth.updateUser({ email: intruder })).error).toBeNull();
    const notice = await waitForMail(dataDir(), owner, { kind: 'email_change_notice' });
    expect(notice.text).toContain(intruder);
    // The intruder confirms the new address: the account is now theirs by address.
    const confirmed = await followLink(linkIn(await waitForMail(dataDir(), intruder, { kind: 'email_change' })));
    expect(confirmed.fragment.get('access_token')).toBeTruthy();
    expect((await stolen.auth.getUser()).data.user?.email).toBe(intruder);

    // The owner follows the undo link: back to the old address, signed in, asked for a new password.
    const undone = await followLink(linkIn(notice));
    expect(undone.target).toBe(`${inject('backend').url}/auth/reset-password`);
    const owned = visitor();
    const { data, error } = await owned.auth.setSession({
      access_token: undone.fragment.get('access_token')!,
      refresh_token: undone.fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(owner);
    // Every earlier session has ended, the intruder's too; the link works once.
    expect((await stolen.auth.getUser()).error).not.toBeNull();
    expect((await followLink(linkIn(notice))).fragment.get('error_code')).toBe('otp_expired');
    expect((await visitor().auth.signInWithPassword({ email: owner, password: PASSWORD })).error).toBeNull();
  });

  it('asks an older session for a code from the mail before it changes the password or the address', async () => {
    const email = uniqueEmail('reauth');
    const client = visitor();
    await signUpAndConfirm(client, email);
    await ageSession(client);

    const refused = await client.auth.updateUser({ password: 'a takeover passphrase' });
    expect(isAuthApiError(refused.error)).toBe(true);
    expect(refused.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    const email2 = await client.auth.updateUser({ email: uniqueEmail('elsewhere') });
    expect(email2.error).toMatchObject({ code: 'reauthentication_needed' });

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const code = codeIn(await waitForMail(dataDir(), email, { kind: 'reauthentication' }));
    const wrong = code === '000000' ? '111111' : '000000';
    const guessed = await client.auth.updateUser({ password: 'a takeover passphrase', nonce: wrong });
    expect(guessed.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

    expect((await client.auth.updateUser({ password: 'an owner passphrase', nonce: code })).error).toBeNull();
    // The code works once.
    const again = await client.auth.updateUser({ password: 'a third passphrase', nonce: code });
    expect(again.error).toMatchObject({ code: 'reauthentication_not_valid' });
    expect((await visitor().auth.signInWithPassword({ email, password: 'an owner passphrase' })).error).toBeNull();
  });

  it('lets a session that just signed in change the password at once', async () => {
    const email = uniqueEmail('fresh');
    const client = visitor();
    await signUpAndConfirm(client, email);
    expect((await client.auth.updateUser({ password: 'a fresh passphrase' })).error).toBeNull();
  });
});
