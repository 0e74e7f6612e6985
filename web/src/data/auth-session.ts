import { t } from '@sciai/core';
/*
 * What every page needs of auth (the session's events, sign-out, the second-factor check), apart
 * from the sign-in and account calls in auth.ts that only their pages load
 * (docs/decisions/0058-browse-first-download.md).
 */
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@sciai/core';
import { getSupabase, visitorMayBeSignedIn, whenSupabaseCreated } from './supabase-client.ts';

/** The events the app listens to (docs/product.md#auth-session); the session is stored on each. */
export type AuthEvent = AuthChangeEvent;

/** An auth call's outcome: null, or the provider's message (docs/product.md#sign-in) and its code. */
export interface AuthFailure {
  message: string;
  code: string | undefined;
}

export function failure(error: unknown): AuthFailure {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { message: error.message, code };
  }
  return { message: t('Something went wrong. Please try again.'), code: undefined };
}

/** Runs an auth call, turning a thrown error (no configuration, no network) into a failure. */
export async function attempt(
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

/**
 * Signs out this device only. supabase-js's default ends every session of the account, and with
 * them the personal API tokens (the auth service revokes those when a user signs out everywhere):
 * leaving one browser must not stop the user's scripts. Settings → Security signs out the others.
 */
export function signOut(): Promise<AuthFailure | null> {
  return attempt((supabase) => supabase.auth.signOut({ scope: 'local' }));
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
