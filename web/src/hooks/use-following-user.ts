import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { signInPathFor } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';

/** The user whose follows the session may read and change: signed in, second factor done. */
export function useFollowingUserId(): string | null {
  const { user, needsSecondFactor } = useAuth();
  return user !== null && !needsSecondFactor ? user.id : null;
}

/** Sends a visitor to sign in and back to this page (docs/product.md#follows). */
export function useSignInAndReturn(): () => void {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  return useCallback(
    () => navigate(signInPathFor(`${pathname}${search ? `?${search}` : ''}`)),
    [navigate, pathname, search],
  );
}
