import { z } from 'zod';

/**
 * A public profile's handle, the `:handle` of /u/:handle: lower-case letters, digits, '_' and
 * '-', 3 to 30 characters, starting with a letter or digit. The database enforces the same rule
 * and keeps handles unique in any letter case.
 */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{2,29}$/;

/** Why a handle cannot be saved, or null when it can (blank means "none"). */
export function handleProblem(value: string): string | null {
  const handle = value.trim();
  if (handle === '') return null;
  if (handle.length < 3 || handle.length > 30) return 'Handle must be 3 to 30 characters long';
  if (!HANDLE_PATTERN.test(handle)) {
    return 'Use lower-case letters, digits, "_" and "-", starting with a letter or digit';
  }
  return null;
}

export function isValidHandle(value: string): boolean {
  return HANDLE_PATTERN.test(value);
}

export const HandleSchema = z.string().trim().regex(HANDLE_PATTERN, 'Invalid handle');

/** The path of a public profile. */
export function publicProfilePath(handle: string): string {
  return `/u/${encodeURIComponent(handle)}`;
}
