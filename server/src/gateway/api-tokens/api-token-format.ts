import { createHash } from 'node:crypto';

/**
 * A personal API token as create_api_token (supabase/schemas/13_api_tokens.sql) makes it:
 * `sciai_` and 64 lower-case hex digits (two random UUIDs, 244 random bits).
 */
export const API_TOKEN_PATTERN = /^sciai_[0-9a-f]{64}$/;
const API_TOKEN_PREFIX = 'sciai_';

/** What the Authorization header holds, as far as tokens go. */
export type PresentedToken = { kind: 'none' } | { kind: 'malformed' } | { kind: 'token'; token: string };

/**
 * `Authorization: Bearer sciai_…`: a token; a bearer that starts with sciai_ but is not one
 * (too long, upper case, encoded, padded): malformed, refused without a database lookup; any other
 * bearer (the anon key, a session JWT): none, the gateway's usual path.
 */
export function presentedToken(header: string | string[] | undefined): PresentedToken {
  if (typeof header !== 'string') return { kind: 'none' };
  const match = /^bearer\s+(.*)$/is.exec(header);
  if (!match) return { kind: 'none' };
  const value = (match[1] ?? '').trim();
  if (!value.toLowerCase().startsWith(API_TOKEN_PREFIX)) return { kind: 'none' };
  return API_TOKEN_PATTERN.test(value) ? { kind: 'token', token: value } : { kind: 'malformed' };
}

/** The only form the database keeps: SHA-256 of the token's bytes. */
export function hashApiToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
