import type { Queryable } from './db.ts';
import { forbidden } from './errors.ts';
import { randomCode, randomToken, sha256 } from './tokens.ts';

/**
 * What an e-mail link or code proves: the address of a new account, a password reset, a new
 * address, the old address undoing a change of address, a fresh re-authentication, a sign-in
 * without password (magic link), or an invitation an administrator sent.
 */
export type VerificationType =
  'signup' | 'recovery' | 'email_change' | 'email_change_undo' | 'reauthentication' | 'magiclink' | 'invite';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * How long a link works: a day to confirm an address or accept an invitation, an hour to reset a
 * password or sign in by link, a week for the old address to undo a change (the owner may read
 * mail late), ten minutes for a re-authentication code.
 */
export const TOKEN_LIFETIME_MS: Record<VerificationType, number> = {
  signup: 24 * HOUR,
  recovery: HOUR,
  email_change: 24 * HOUR,
  email_change_undo: 7 * 24 * HOUR,
  reauthentication: 10 * MINUTE,
  magiclink: HOUR,
  invite: 24 * HOUR,
};

export interface IssuedVerification {
  /** Goes into the link (`token=`); stored only as a digest. */
  token: string;
  /** Printed in the mail (verifyOtp with the address); stored only as a digest. */
  code: string;
}

export interface ConsumedVerification {
  userId: string;
  type: VerificationType;
  /** The address the mail was sent to. */
  address: string;
}

const codeDigest = (address: string, code: string) => sha256(`${address.toLowerCase()}:${code}`);

/** A fresh link and code for `userId`, replacing any earlier one of the same type. */
export async function issueVerification(
  db: Queryable,
  userId: string,
  type: VerificationType,
  address: string,
): Promise<IssuedVerification> {
  const token = randomToken();
  const code = randomCode();
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, code_hash, relates_to, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, code_hash = excluded.code_hash, relates_to = excluded.relates_to,
           expires_at = excluded.expires_at, created_at = now()`,
    [userId, type, sha256(token), codeDigest(address, code), address, TOKEN_LIFETIME_MS[type] / 1000],
  );
  return { token, code };
}

/** Uses up the token of a link (GET /verify, or verifyOtp with token_hash): it works once. */
export async function consumeLinkToken(
  db: Queryable,
  types: VerificationType[],
  token: string,
): Promise<ConsumedVerification> {
  const { rows } = await db.query<{ user_id: string; token_type: VerificationType; relates_to: string; live: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2)
     returning user_id, token_type, relates_to, expires_at > now() as live`,
    [sha256(token), types],
  );
  const found = rows[0];
  if (!found?.live) throw forbidden('otp_expired', 'Email link is invalid or has expired');
  return { userId: found.user_id, type: found.token_type, address: found.relates_to };
}

/** Uses up the code of a mail (verifyOtp with email and token). */
export async function consumeCode(
  db: Queryable,
  types: VerificationType[],
  address: string,
  code: string,
): Promise<ConsumedVerification> {
  const { rows } = await db.query<{ user_id: string; token_type: VerificationType; relates_to: string; live: boolean }>(
    `delete from auth.one_time_tokens
     where id = (select id from auth.one_time_tokens
                 where lower(relates_to) = lower($1) and code_hash = $2 and token_type = any($3)
                 order by created_at desc limit 1)
     returning user_id, token_type, relates_to, expires_at > now() as live`,
    [address, codeDigest(address, code), types],
  );
  const found = rows[0];
  if (!found?.live) throw forbidden('otp_expired', 'Token has expired or is invalid');
  return { userId: found.user_id, type: found.token_type, address: found.relates_to };
}

/**
 * Uses up the re-authentication code (GoTrue's nonce) of `userId`, mailed to `address` by
 * GET /reauthenticate; false when it is wrong or expired.
 */
export async function consumeReauthenticationCode(
  db: Queryable,
  userId: string,
  address: string,
  code: string,
): Promise<boolean> {
  const { rows } = await db.query<{ live: boolean }>(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication' and code_hash = $2
     returning expires_at > now() as live`,
    [userId, codeDigest(address, code)],
  );
  return rows[0]?.live === true;
}
