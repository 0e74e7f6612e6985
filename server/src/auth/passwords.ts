import bcrypt from 'bcryptjs';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@sciai/core';
import { isCommonPassword } from './common-passwords.ts';
import { AuthError, validationFailed } from './errors.ts';

/** ASVS/NIST minimum (docs/product.md#password-rules); the web form says 'Password must be at least 8 characters long'. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads only the first 72 bytes: refuse longer passwords instead of silently truncating. */
const MAX_PASSWORD_BYTES = 72;

/**
 * GoTrue's weak-password answer: 422 weak_password with the reasons, which supabase-js exposes
 * as AuthWeakPasswordError (`reasons`). 'pwned' is GoTrue's reason for a password found in
 * breach lists; here the list is checked offline (docs/product.md#password-rules).
 */
export function assertPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      extra: { weak_password: { reasons: ['length'] } },
    });
  }
  if (isCommonPassword(password)) {
    throw new AuthError(422, 'weak_password', PASSWORD_TOO_COMMON_MESSAGE, {
      extra: { weak_password: { reasons: ['pwned'] } },
    });
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
}

export function requirePassword(password: unknown, message = 'Signup requires a valid password'): string {
  if (typeof password !== 'string' || password === '') throw validationFailed(message);
  return password;
}

/**
 * `cost` is the server's setting (ServerConfig.passwordHashCost, PASSWORD_HASH_COST read once at
 * start), which reaches the routes in their AuthContext.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/**
 * Compares against the stored hash, or against a throwaway hash when there is none, so that
 * an unknown address takes as long to refuse as a wrong password (no user enumeration by timing).
 * `cost` is what new hashes get (hashPassword): the throwaway one is made at it.
 */
export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
  cost: number,
): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? (await decoyHash(cost)));
  return matches && Boolean(hash);
}

/** One throwaway hash per cost, of the cost new hashes get, so it takes as long to compare. */
const decoys = new Map<number, Promise<string>>();
function decoyHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) decoys.set(cost, (decoy = bcrypt.hash('decoy password that nobody has', cost)));
  return decoy;
}
