import type pg from 'pg';

/**
 * The GitHub access token the server checks a repository claim with, or null when the user has
 * not connected GitHub. The one place the claims read it from: signing in with GitHub keeps the
 * token server-side, and this is where that store is read.
 */
export async function githubTokenForUser(pool: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await pool.query<{ access_token: string }>(
    'select access_token from public.user_github_tokens where user_id = $1',
    [userId],
  );
  return rows[0]?.access_token ?? null;
}
