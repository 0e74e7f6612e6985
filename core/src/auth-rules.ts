import { msg, t } from './i18n/translate.ts';

/** docs/product.md#password-rules: the minimum password length is 8 (ASVS/NIST). */
export const PASSWORD_MIN_LENGTH = 8;

/** Messages, shown with `t(…)`; the one too short takes `{ min: PASSWORD_MIN_LENGTH }`. */
export const PASSWORD_MISMATCH_MESSAGE = msg('Passwords do not match');
export const PASSWORD_TOO_SHORT_MESSAGE = msg('Password must be at least {min} characters long');
/** The auth service's answer (weak_password, reason 'pwned') for a password on the common-password list. */
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common and easy to guess. Choose a longer or less common one.';

/**
 * The client-side check of a new password and its confirmation, in the order of docs/product.md#sign-up (match
 * first, then length); null when the provider should judge it.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return t(PASSWORD_MISMATCH_MESSAGE);
  if (password.length < PASSWORD_MIN_LENGTH) return t(PASSWORD_TOO_SHORT_MESSAGE, { min: PASSWORD_MIN_LENGTH });
  return null;
}

/** The sign-up metadata (docs/product.md#sign-up): trimmed names, full_name from the parts present. */
export function signUpMetadata(firstName: string, lastName: string) {
  const first_name = firstName.trim();
  const last_name = lastName.trim();
  return { first_name, last_name, full_name: [first_name, last_name].filter(Boolean).join(' ') };
}

/** A TOTP code as typed (spaces allowed), or null unless it is six digits. */
export function totpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export type VerificationStatus = 'unverified' | 'pending' | 'verified';

/**
 * docs/product.md#profile-status: the profile status for a profile's verification_status, as a
 * key (English); profileStatusText says it in the page's language.
 */
export function profileStatusLabel(status: string | null | undefined): 'Verified' | 'Under Review' | 'Unverified' {
  if (status === 'verified') return 'Verified';
  if (status === 'pending') return 'Under Review';
  return 'Unverified';
}

/** The profile status in the page's language. */
export function profileStatusText(status: ReturnType<typeof profileStatusLabel>): string {
  if (status === 'Verified') return t('Verified');
  if (status === 'Under Review') return t('Under Review');
  return t('Unverified');
}
