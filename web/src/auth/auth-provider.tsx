import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import useSWR from 'swr';
import {
  needsSecondFactor as checkSecondFactor,
  signOut as signOutCall,
  subscribeToAuth,
} from '../data/auth-session.ts';
import { adminRequiresAal2Key, assuranceLevelOf, fetchAdminRequiresAal2 } from '../data/admin-assurance.ts';
import {
  fetchProfile,
  fetchRoles,
  updateProfile,
  userProfileKey,
  userRolesKey,
  type UserProfileUpdate,
} from '../data/profile.ts';
import { useOpenSignInLanguage } from '../hooks/use-language-preference.ts';
import { AuthContext, type AuthState } from './auth-context.ts';
import { landedSignedIn } from './confirmation-landing.ts';

/**
 * Verified researchers include admins and moderators (docs/product.md#roles); admins may do whatever a
 * moderator may (the database's is_staff() says the same).
 */
function holds(roles: readonly string[], role: string): boolean {
  if (roles.includes(role)) return true;
  if (role === 'moderator') return roles.includes('admin');
  return role === 'verified_researcher' && (roles.includes('admin') || roles.includes('moderator'));
}

/**
 * docs/product.md#auth-session: every auth event (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, MFA_CHALLENGE_VERIFIED) stores the session and user; with a user, the profile
 * and roles load (SWR, keyed by the user), without one they clear. supabase-js refreshes the
 * session before it expires and drops it when a refresh fails for good.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  // Whether the user still owes a TOTP code, and for which user that was checked.
  const [secondFactor, setSecondFactor] = useState<{ userId: string; needed: boolean } | null>(null);

  // A sign-in, as opposed to a session already there when the page loaded (or refreshed since):
  // the first session after a signed-out one, or the one this page load landed with.
  const [signedInNow, setSignedInNow] = useState<string | null>(null);
  const signedOutBefore = useRef(landedSignedIn);

  useEffect(
    () =>
      subscribeToAuth((_event, next) => {
        if (!next) signedOutBefore.current = true;
        else if (signedOutBefore.current) {
          signedOutBefore.current = false;
          setSignedInNow(next.user.id);
        }
        setSession(next);
        setLoading(false);
      }),
    [],
  );

  const user = session?.user ?? null;
  const userId = user?.id ?? null;
  // The assurance level is read from the session's token; supabase-js calls must not run inside
  // the auth listener itself, hence this effect.
  const accessToken = session?.access_token ?? null;
  // Signed out: forgotten at once (while rendering, not in an effect), so a later sign-in of the
  // same user waits for its own check.
  if ((!accessToken || !userId) && secondFactor !== null) setSecondFactor(null);
  useEffect(() => {
    if (!accessToken || !userId) return;
    let current = true;
    void checkSecondFactor().then((needed) => {
      if (current) setSecondFactor({ userId, needed });
    });
    return () => {
      current = false;
    };
  }, [accessToken, userId]);

  const profileQuery = useSWR(userId ? userProfileKey(userId) : null, ([, id]) => fetchProfile(id), {
    onError: (error) => console.error('auth_data_load_failure: profile', error),
  });
  const rolesQuery = useSWR(userId ? userRolesKey(userId) : null, ([, id]) => fetchRoles(id));
  // Only admins need the site's 2FA rule; the session's level comes from its token.
  const holdsAdminRole = userId !== null && holds(rolesQuery.data ?? [], 'admin');
  const assuranceQuery = useSWR(holdsAdminRole ? adminRequiresAal2Key(userId) : null, () => fetchAdminRequiresAal2());

  const profile = userId ? (profileQuery.data ?? null) : null;
  const secondFactorKnown = userId !== null && secondFactor?.userId === userId;
  useOpenSignInLanguage(
    signedInNow === userId ? signedInNow : null,
    profile,
    secondFactorKnown && !secondFactor.needed && !profileQuery.isLoading,
  );

  const { mutate: mutateProfile } = profileQuery;
  const saveProfile = useCallback(
    async (changes: UserProfileUpdate) => {
      if (!userId) throw new Error('No user logged in');
      const saved = await updateProfile(userId, changes);
      await mutateProfile(saved, { revalidate: false });
      return saved;
    },
    [userId, mutateProfile],
  );

  const signOut = useCallback(async () => (await signOutCall())?.message ?? null, []);

  const value = useMemo<AuthState>(() => {
    const roles = userId ? (rolesQuery.data ?? []) : [];
    return {
      session,
      user,
      profile,
      roles,
      loading,
      userDataLoading:
        userId !== null &&
        (profileQuery.isLoading ||
          rolesQuery.isLoading ||
          secondFactor?.userId !== userId ||
          (holdsAdminRole && assuranceQuery.isLoading)),
      needsSecondFactor: userId !== null && secondFactor?.userId === userId && secondFactor.needed,
      isAdmin: holds(roles, 'admin'),
      adminAssurance:
        holdsAdminRole && accessToken && assuranceQuery.data !== undefined
          ? { requiresAal2: assuranceQuery.data, level: assuranceLevelOf(accessToken) }
          : null,
      hasRole: (role: string) => holds(roles, role),
      saveProfile,
      signOut,
    };
  }, [
    session,
    user,
    userId,
    profile,
    profileQuery.isLoading,
    rolesQuery.data,
    rolesQuery.isLoading,
    holdsAdminRole,
    accessToken,
    assuranceQuery.data,
    assuranceQuery.isLoading,
    loading,
    secondFactor,
    saveProfile,
    signOut,
  ]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
