/** docs/product.md#password-rules: the minimum password length is 8 (ASVS/NIST). */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
/** The auth service's answer (weak_password, reason 'pwned') for a password on the common-password list. */
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common and easy to guess. Choose a longer or less common one.';

/**
 * The client-side check of a new password and its confirmation, in the order of docs/product.md#sign-up (match
 * first, then length); null when the provider should judge it.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return PASSWORD_MISMATCH_MESSAGE;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
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

/** docs/product.md#profile-status: the profile status shown for a profile's verification_status. */
export function profileStatusLabel(status: string | null | undefined): 'Verified' | 'Under Review' | 'Unverified' {
  if (status === 'verified') return 'Verified';
  if (status === 'pending') return 'Under Review';
  return 'Unverified';
}
