import bcrypt from 'bcryptjs';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@sciai/core';
import { isCommonPassword } from './common-passwords.ts';
import { AuthError, validationFailed } from './errors.ts';

/** ASVS/NIST minimum (docs/product.md#password-rules); the web form says 'Password must be at least 8 characters long'. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads only the first 72 bytes: refuse longer passwords instead of silently truncating. */
const MAX_PASSWORD_BYTES = 72;
const BCRYPT_COST = 10;

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

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * Compares against the stored hash, or against a throwaway hash when there is none, so that
 * an unknown address takes as long to refuse as a wrong password (no user enumeration by timing).
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? (await decoyHash()));
  return matches && Boolean(hash);
}

let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= bcrypt.hash('decoy password that nobody has', BCRYPT_COST);
  return decoy;
}
