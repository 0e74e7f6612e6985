import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation, useSearch } from 'wouter';
import { signInPathFor, type RouteAccess } from '@sciai/core';
import { useAuth } from './use-auth.ts';

const ROLE_OF: Record<Exclude<RouteAccess, 'public' | 'signed-in'>, string> = {
  admin: 'admin',
  moderator: 'moderator',
};

/**
 * Spec 2.1's route guard: a spinner while authentication loads; a visitor (or a user who still
 * owes the second factor) goes to /auth/signin with the origin remembered; a user without the
 * route's role goes to /unauthorized.
 */
export function RequireAuth({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const auth = useAuth();
  const [pathname, navigate] = useLocation();
  const search = useSearch();

  const needsRole = access === 'admin' || access === 'moderator' ? ROLE_OF[access] : null;
  const waiting = auth.loading || (auth.user !== null && auth.userDataLoading);
  const signedIn = auth.user !== null && !auth.needsSecondFactor;
  const allowed = access === 'public' || (signedIn && (!needsRole || auth.hasRole(needsRole)));

  useEffect(() => {
    if (waiting || allowed) return;
    if (!signedIn) navigate(signInPathFor(`${pathname}${search ? `?${search}` : ''}`), { replace: true });
    else navigate('/unauthorized', { replace: true });
  }, [waiting, allowed, signedIn, pathname, search, navigate]);

  if (access === 'public') return <>{children}</>;
  if (waiting || !allowed) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  return <>{children}</>;
}
