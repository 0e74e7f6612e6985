import { createHash } from 'node:crypto';
import type { Queryable } from './db.ts';
import { revokeApiTokens } from './sessions.ts';

/**
 * Deletes an account for good (the admin API's DELETE without should_soft_delete), as
 * public.delete_my_account does for its owner. The database does the rest: the activity log
 * forgets the person (trigger on_auth_user_deleted), and by their foreign keys the sessions,
 * refresh tokens, factors, profile, roles, saved items, API tokens and contribution credits go.
 * Submissions, security events and the catalog items the person contributed stay, unlinked
 * (docs/product.md#admin-api).
 */
export async function deleteAccount(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from auth.users where id = $1`, [userId]);
}

/**
 * GoTrue's soft delete: the row stays (so what refers to it stays too) but the account is closed
 * for good: its address is replaced by a digest (so it may sign up again), its password and
 * metadata are cleared, every session, factor, pending link and API token ends.
 */
export async function softDeleteAccount(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `update auth.users
        set email = $2, encrypted_password = null, email_change = null, email_change_sent_at = null,
            raw_user_meta_data = '{}', deleted_at = now(), updated_at = now()
      where id = $1`,
    [userId, obfuscate(userId, email)],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [userId]);
  await db.query(`delete from auth.mfa_factors where user_id = $1`, [userId]);
  await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  await revokeApiTokens(db, userId);
}

/** GoTrue's obfuscateValue: nobody can read the address back, and it matches no real one. */
function obfuscate(userId: string, value: string): string {
  return createHash('sha256')
    .update(userId + value)
    .digest('base64url');
}
