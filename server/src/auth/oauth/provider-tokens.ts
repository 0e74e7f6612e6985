import type { Queryable } from '../db.ts';

export interface ProviderToken {
  accessToken: string;
  /** The scopes the provider granted, as it wrote them (GitHub: "read:user,user:email"). */
  scopes: string | undefined;
  updatedAt: Date;
}

/**
 * The GitHub access token of the user's latest GitHub sign-in, or undefined when they never signed
 * in with GitHub or have disconnected it. For server-side calls on the user's behalf (reading
 * repository permissions through GitHub's public API); never handed to a browser. GitHub may have
 * revoked it since: a 401 from GitHub means the user signs in with GitHub again.
 */
export async function currentGitHubToken(db: Queryable, userId: string): Promise<ProviderToken | undefined> {
  const { rows } = await db.query<{ access_token: string; scopes: string | null; updated_at: Date }>(
    `select access_token, scopes, updated_at from auth.provider_tokens where user_id = $1 and provider = 'github'`,
    [userId],
  );
  const row = rows[0];
  return row
    ? { accessToken: row.access_token, scopes: row.scopes ?? undefined, updatedAt: row.updated_at }
    : undefined;
}
