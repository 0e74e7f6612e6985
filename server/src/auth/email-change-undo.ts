import { localizedPath, type Locale } from '@sciai/core';
import type { Queryable } from './db.ts';
import { endSessions } from './sessions.ts';
import { randomToken, sha256 } from './tokens.ts';
import { unprocessable } from './errors.ts';
import { findUserByEmail, updateUser, type UserRow } from './users.ts';
import { TOKEN_LIFETIME_MS } from './verification-tokens.ts';

/** The link token sent to the old address when the address changes. */
export interface UndoToken {
  token: string;
}

/**
 * Inside the change's transaction: a link for `user`'s current address that undoes the change.
 * A live undo link is never replaced, so a second change (made by whoever now holds the account)
 * cannot take the way back from the first address; then there is none for this one.
 */
export async function issueUndoToken(db: Queryable, user: UserRow): Promise<UndoToken | undefined> {
  await db.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_undo' and expires_at <= now()`,
    [user.id],
  );
  const token = randomToken();
  const { rowCount } = await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, code_hash, relates_to, expires_at)
     values ($1, 'email_change_undo', $2, $3, $4, now() + make_interval(secs => $5))
     on conflict (user_id, token_type) do nothing`,
    // no code is mailed for an undo: the code digest is of a secret nobody holds
    [user.id, sha256(token), sha256(randomToken()), user.email, TOKEN_LIFETIME_MS.email_change_undo / 1000],
  );
  return rowCount ? { token } : undefined;
}

/** The link in the notice: /verify signs the owner in and sends them to choose a new password. */
export function undoLink(site: string, undo: UndoToken | undefined, locale: Locale): string | undefined {
  if (!undo) return undefined;
  const link = new URL(`${site}/auth/v1/verify`);
  link.searchParams.set('token', undo.token);
  link.searchParams.set('type', 'email_change_undo');
  link.searchParams.set('redirect_to', `${site}${localizedPath(locale, '/auth/reset-password')}`);
  return link.href;
}

/**
 * The old address followed its undo link: it is the account's address again (confirmed, since
 * the link proved it), a pending change is dropped with its link, and every session ends, the
 * intruder's too. The caller then signs the owner in afresh.
 */
export async function undoEmailChange(db: Queryable, user: UserRow, oldAddress: string): Promise<UserRow> {
  const taken = await findUserByEmail(db, oldAddress);
  if (taken && taken.id !== user.id)
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  await db.query(
    `delete from auth.one_time_tokens where user_id = $1
     and token_type in ('email_change', 'recovery', 'reauthentication', 'email_change_undo')`,
    [user.id],
  );
  await endSessions(db, user.id, 'global', undefined);
  return updateUser(db, user.id, {
    email: oldAddress,
    email_change: null,
    email_change_sent_at: null,
    email_confirmed_at:
      user.email_confirmed_at && user.email.toLowerCase() === oldAddress.toLowerCase() ? undefined : new Date(),
  });
}
