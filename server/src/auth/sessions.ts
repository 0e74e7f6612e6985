import type pg from 'pg';
import type { AuthContext } from './context.ts';
import { inTransactionCommittingOn, type Queryable } from './db.ts';
import { AuthError, badRequest } from './errors.ts';
import { ACCESS_TOKEN_TTL_SECONDS, randomToken, sha256, type Aal, type AmrEntry } from './tokens.ts';
import { listIdentities } from './oauth/identities.ts';
import { findUserById, isBanned, listFactors, updateUser, userJson, type UserRow } from './users.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal;
  factor_id: string | null;
  amr: AmrEntry[];
  not_after: Date | null;
  created_at: Date;
}

/** Where a request came from, kept on the session as GoTrue does. */
export interface ClientInfo {
  ip: string | undefined;
  userAgent: string | undefined;
}

/** The body of every answer that signs someone in: GoTrue's AccessTokenResponse. */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** How someone proved who they are, as GoTrue names it in the `amr` claim. */
export type AuthMethod = 'password' | 'otp' | 'totp' | 'mfa/backup_code' | 'oauth';

const SESSION_COLUMNS = 'id, user_id, aal, factor_id, amr, not_after, created_at';
const LIVE = '(not_after is null or not_after > now())';

export async function findLiveSession(db: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from auth.sessions where id = $1 and ${LIVE}`,
    [sessionId],
  );
  return rows[0];
}

/** A new session for `user`, its first refresh token and the answer carrying both. */
export async function startSession(
  context: AuthContext,
  client: pg.PoolClient,
  user: UserRow,
  method: AuthMethod,
  from: ClientInfo,
): Promise<SessionResponse> {
  const signedIn = await updateUser(client, user.id, { last_sign_in_at: new Date() });
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const { rows } = await client.query<SessionRow>(
    `insert into auth.sessions (user_id, amr, ip, user_agent, refreshed_at) values ($1, $2, $3, $4, now())
     returning ${SESSION_COLUMNS}`,
    [user.id, JSON.stringify(amr), from.ip ?? null, from.userAgent ?? null],
  );
  const session = rows[0]!;
  const refreshToken = await issueRefreshToken(client, session, null);
  return sessionResponse(context, client, signedIn, session, refreshToken);
}

async function issueRefreshToken(client: pg.PoolClient, session: SessionRow, parent: string | null): Promise<string> {
  const token = randomToken();
  await client.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
    sha256(token),
    session.user_id,
    session.id,
    parent,
  ]);
  return token;
}

export async function sessionResponse(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionResponse> {
  const factors = await listFactors(db, user.id);
  const identities = await listIdentities(db, user.id);
  const access = await context.tokens.sign({
    userId: user.id,
    email: user.email,
    sessionId: session.id,
    aal: session.aal,
    amr: session.amr,
    userMetadata: user.raw_user_meta_data,
    appMetadata: user.raw_app_meta_data,
  });
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, factors, identities),
  };
}

class RefreshTokenReused extends AuthError {
  constructor() {
    super(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
}

/**
 * The refresh-token grant with rotation: each refresh token works once. Presenting one that was
 * already used means two parties hold the session, so every token of it is revoked and the
 * session ends (committed even though the request is refused).
 */
export function refreshSession(context: AuthContext, presented: string, from: ClientInfo): Promise<SessionResponse> {
  return inTransactionCommittingOn(
    context.pool,
    (error) => error instanceof RefreshTokenReused,
    async (client) => {
      const { rows } = await client.query<{ id: string; token: string; revoked: boolean; session_id: string }>(
        `select id, token, revoked, session_id from auth.refresh_tokens where token = $1 for update`,
        [sha256(presented)],
      );
      const current = rows[0];
      if (!current) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const { rows: sessions } = await client.query<SessionRow>(
        `select ${SESSION_COLUMNS} from auth.sessions where id = $1 for update`,
        [current.session_id],
      );
      const session = sessions[0];
      const user = session && (await findUserById(client, session.user_id));
      if (!session || !user) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
      if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
      if (session.not_after && session.not_after <= new Date()) {
        throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
      }
      if (current.revoked) {
        await client.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`, [
          session.id,
        ]);
        await client.query(`update auth.sessions set not_after = now(), updated_at = now() where id = $1`, [
          session.id,
        ]);
        context.log.warn({ session_id: session.id, user_id: user.id }, 'refresh token reused: session revoked');
        throw new RefreshTokenReused();
      }
      await client.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
        current.id,
      ]);
      const next = await issueRefreshToken(client, session, current.token);
      await client.query(
        `update auth.sessions set refreshed_at = now(), updated_at = now(), ip = $2, user_agent = $3 where id = $1`,
        [session.id, from.ip ?? null, from.userAgent ?? null],
      );
      return sessionResponse(context, client, user, session, next);
    },
  );
}

/**
 * Raises a session to aal2 after a second factor, as GoTrue's updateMFASessionAndClaims: the
 * method joins the session's amr, its refresh token is swapped for a new one, and the user's
 * other sessions still at aal1 end.
 */
export async function upgradeSession(
  context: AuthContext,
  client: pg.PoolClient,
  user: UserRow,
  session: SessionRow,
  method: AuthMethod,
  factorId: string,
): Promise<SessionResponse> {
  const amr: AmrEntry[] = [
    { method, timestamp: Math.floor(Date.now() / 1000) },
    ...session.amr.filter((entry) => entry.method !== method),
  ];
  const { rows } = await client.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, amr = $3, updated_at = now() where id = $1 returning ${SESSION_COLUMNS}`,
    [session.id, factorId, JSON.stringify(amr)],
  );
  const upgraded = rows[0]!;
  const { rows: latest } = await client.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token`,
    [session.id],
  );
  const refreshToken = await issueRefreshToken(client, upgraded, latest[0]?.token ?? null);
  await client.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [
    user.id,
    session.id,
  ]);
  return sessionResponse(context, client, user, upgraded, refreshToken);
}

export type LogoutScope = 'global' | 'local' | 'others';

/**
 * Ends sessions. Signing out everywhere, or everywhere else, also revokes the user's personal API
 * tokens (public.api_tokens): a token outlives the session that made it, so whoever is being shut
 * out may hold one. Signing out this device alone leaves them; they belong to no device.
 */
export async function endSessions(
  db: Queryable,
  userId: string,
  scope: LogoutScope,
  currentSessionId: string | undefined,
): Promise<void> {
  if (scope !== 'local') {
    await revokeApiTokens(db, userId);
    // the private feed's address is a credential too (docs/product.md#notification-feeds)
    await db.query(`delete from public.notification_feed_tokens where user_id = $1`, [userId]);
  }
  if (scope === 'global') {
    await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  } else if (!currentSessionId) {
    return; // a token without a session has nothing local to end
  } else if (scope === 'local') {
    await db.query(`delete from auth.sessions where id = $1 and user_id = $2`, [currentSessionId, userId]);
  } else {
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, currentSessionId]);
  }
}

/** Every personal API token of the user stops working at once (the gateway looks each one up). */
export async function revokeApiTokens(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from public.api_tokens where user_id = $1`, [userId]);
}
