import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { signUpMetadata, type Database } from '@sciai/core';
import { getSupabase, visitorMayBeSignedIn, whenSupabaseCreated } from './supabase-client.ts';

/** The events the app listens to (docs/product.md#auth-session); the session is stored on each. */
export type AuthEvent = AuthChangeEvent;

/** An auth call's outcome: null, or the provider's message (docs/product.md#sign-in) and its code. */
export interface AuthFailure {
  message: string;
  code: string | undefined;
}

function failure(error: unknown): AuthFailure {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { message: error.message, code };
  }
  return { message: 'Something went wrong. Please try again.', code: undefined };
}

/** Runs an auth call, turning a thrown error (no configuration, no network) into a failure. */
async function attempt(
  call: (supabase: SupabaseClient<Database>) => Promise<{ error: unknown }>,
): Promise<AuthFailure | null> {
  try {
    const { error } = await call(await getSupabase());
    return error ? failure(error) : null;
  } catch (error) {
    return failure(error);
  }
}

/**
 * Calls `listener` on every auth event, first with INITIAL_SESSION, once the client has loaded
 * (it loads after the first paint; see supabase-client.ts). A visitor with no stored session is
 * signed out from the start: the listener hears so at once, and every later event (a sign-in)
 * once the client has loaded, whenever that is. Without a configured client the visitor is
 * signed out at once, so pages do not wait for a session that cannot come.
 */
export function subscribeToAuth(listener: (event: AuthEvent, session: Session | null) => void): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  const subscribe = (supabase: SupabaseClient<Database>) => {
    if (stopped) return;
    const { data } = supabase.auth.onAuthStateChange(listener);
    unsubscribe = () => data.subscription.unsubscribe();
  };
  if (visitorMayBeSignedIn()) {
    getSupabase().then(subscribe, (error: unknown) => {
      console.error('auth unavailable', error);
      if (!stopped) listener('INITIAL_SESSION', null);
    });
  } else {
    listener('INITIAL_SESSION', null);
    void whenSupabaseCreated().then(subscribe);
  }
  return () => {
    stopped = true;
    unsubscribe();
  };
}

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

export function signOut(): Promise<AuthFailure | null> {
  return attempt((supabase) => supabase.auth.signOut());
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

/** True when the session is aal1 and a verified factor asks for aal2 (docs/product.md#auth-session). */
export async function needsSecondFactor(): Promise<boolean> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    if (error || !data) return false;
    return data.currentLevel === 'aal1' && data.nextLevel === 'aal2';
  } catch {
    return false;
  }
}

/** Verifies a six-digit code against the user's verified TOTP factor. */
export async function verifySecondFactor(code: string): Promise<AuthFailure | null> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) return failure(error);
    const factor = data.totp.find((candidate) => candidate.status === 'verified');
    if (!factor) return { message: 'No authenticator app is set up for this account.', code: undefined };
    return await attempt(() => supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
  } catch (error) {
    return failure(error);
  }
}
