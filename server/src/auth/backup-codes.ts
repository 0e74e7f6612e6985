import { randomInt } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** SciAI's addition to GoTrue's MFA: ten single-use codes for when the authenticator is lost. */
export const BACKUP_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet, about 50 bits each. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const characters = Array.from({ length: 2 * GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${characters.slice(0, GROUP)}-${characters.slice(GROUP)}`;
  });
}

/** What is hashed and compared: case, spaces and the dash do not matter. */
export function normalizeBackupCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function looksLikeBackupCode(code: string): boolean {
  return normalizeBackupCode(code).length === 2 * GROUP;
}

/** At the cost new password hashes get (hashPassword). */
export async function hashBackupCode(code: string, cost: number): Promise<string> {
  return bcrypt.hash(normalizeBackupCode(code), cost);
}

/** The id of the unused code that `code` matches, if any. */
export async function matchBackupCode(
  code: string,
  unused: Array<{ id: string; code_hash: string }>,
): Promise<string | undefined> {
  const normalized = normalizeBackupCode(code);
  for (const candidate of unused) {
    if (await bcrypt.compare(normalized, candidate.code_hash)) return candidate.id;
  }
  return undefined;
}
