import { signInPathFor, signUpMetadata, type ConfirmCodeType, t } from '@sciai/core';
import { attempt, failure, type AuthFailure } from './auth-session.ts';
import { getSupabase } from './supabase-client.ts';

export { needsSecondFactor, signOut, subscribeToAuth, type AuthEvent, type AuthFailure } from './auth-session.ts';

export const EMAIL_NOT_CONFIRMED = 'email_not_confirmed';

export function signIn(email: string, password: string): Promise<AuthFailure | null> {
  return attempt((supabase) => supabase.auth.signInWithPassword({ email: email.trim(), password }));
}

/** A new confirmation mail, whose link leads to `redirectPath` as signUp's does. */
export function resendConfirmation(email: string, redirectPath = '/'): Promise<AuthFailure | null> {
  return attempt((supabase) =>
    supabase.auth.resend({
      type: 'signup',
      email: email.trim(),
      options: { emailRedirectTo: `${window.location.origin}${redirectPath}` },
    }),
  );
}

/**
 * docs/product.md#sign-in-by-e-mail: a mailed sign-in link and code for an existing account (no
 * account is made here). The link lands on the sign-in page again, which asks for a second factor
 * when the account has one and then goes on to `redirectPath`.
 */
export function emailSignInLink(email: string, redirectPath = '/'): Promise<AuthFailure | null> {
  return attempt((supabase) =>
    supabase.auth.signInWithOtp({
      email: email.trim(),
      options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}${signInPathFor(redirectPath)}` },
    }),
  );
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * docs/product.md#sign-up: e-mail, password, the names as metadata, and the confirmation link back
 * to `redirectPath` (a path from safeRedirectPath: where a guard sent the user from; the site root
 * by default). The auth service keeps it only on this site's origin (server/src/auth/redirects.ts).
 */
export function signUp(input: SignUpInput, redirectPath = '/'): Promise<AuthFailure | null> {
  return attempt((supabase) =>
    supabase.auth.signUp({
      email: input.email.trim(),
      password: input.password,
      options: {
        data: signUpMetadata(input.firstName, input.lastName),
        emailRedirectTo: `${window.location.origin}${redirectPath}`,
      },
    }),
  );
}

/**
 * The six-digit code of a mail, entered by hand (docs/product.md#confirm-code): it proves the
 * address as the mail's link does and signs the user in.
 */
export function verifyEmailCode(email: string, code: string, type: ConfirmCodeType): Promise<AuthFailure | null> {
  return attempt((supabase) => supabase.auth.verifyOtp({ email: email.trim(), token: code, type }));
}

/** The auth service answers alike for any address; so does the page. */
export function requestPasswordReset(email: string): Promise<AuthFailure | null> {
  return attempt((supabase) =>
    supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: `${window.location.origin}/auth/reset-password` }),
  );
}

/**
 * Sets a new password. A session that signed in more than a few minutes ago must send the code
 * mailed by requestReauthentication as `nonce` (docs/product.md#settings-security).
 */
export function updatePassword(password: string, nonce?: string): Promise<AuthFailure | null> {
  return attempt((supabase) => supabase.auth.updateUser(nonce ? { password, nonce } : { password }));
}

/** The auth service's answers when a change needs a fresh re-authentication, and when its code is wrong. */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';
export const REAUTHENTICATION_NOT_VALID = 'reauthentication_not_valid';
export const WEAK_PASSWORD = 'weak_password';

/** Mails a 6-digit code to the signed-in user, to confirm a change of password. */
export function requestReauthentication(): Promise<AuthFailure | null> {
  return attempt((supabase) => supabase.auth.reauthenticate());
}

/** Verifies a six-digit code against the user's verified TOTP factor. */
export async function verifySecondFactor(code: string): Promise<AuthFailure | null> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) return failure(error);
    const factor = data.totp.find((candidate) => candidate.status === 'verified');
    if (!factor) return { message: t('No authenticator app is set up for this account.'), code: undefined };
    return await attempt(() => supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
  } catch (error) {
    return failure(error);
  }
}
