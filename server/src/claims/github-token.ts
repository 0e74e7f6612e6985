import type pg from 'pg';
import { currentGitHubToken } from '../auth/oauth/provider-tokens.ts';

/**
 * The GitHub access token the server checks a repository claim with, or null when the user has
 * not signed in with GitHub: the token of their latest GitHub sign-in, kept by the auth service.
 */
export async function githubTokenForUser(pool: pg.Pool, userId: string): Promise<string | null> {
  return (await currentGitHubToken(pool, userId))?.accessToken ?? null;
}
