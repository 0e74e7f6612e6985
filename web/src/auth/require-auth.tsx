import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLocation, useSearch } from 'wouter';
import { signInPathFor, type RouteAccess } from '@sciai/core';
import { useAuth } from './use-auth.ts';
import { t } from '../i18n/index.ts';

const ROLE_OF: Record<Exclude<RouteAccess, 'public' | 'signed-in'>, string> = {
  admin: 'admin',
  moderator: 'moderator',
};

/** Where an administrator without a second factor sets one up. */
export const TWO_FACTOR_SETUP_PATH = '/settings?tab=security';

/**
 * The route guard (docs/product.md#route-guard): a spinner while authentication loads; a visitor (or a user who still
 * owes the second factor) goes to /auth/signin with the origin remembered; a user without the
 * route's role goes to /unauthorized. While the site requires 2FA for admins, an admin whose
 * session is aal1 and who has no verified factor (else they would owe the code above) is sent to
 * set one up first: the database would refuse their admin rights anyway.
 */
export function RequireAuth({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const auth = useAuth();
  const [pathname, navigate] = useLocation();
  const search = useSearch();

  const needsRole = access === 'admin' || access === 'moderator' ? ROLE_OF[access] : null;
  const waiting = auth.loading || (auth.user !== null && auth.userDataLoading);
  const signedIn = auth.user !== null && !auth.needsSecondFactor;
  const assurance = auth.adminAssurance;
  const needsTwoFactorSetup =
    access === 'admin' &&
    signedIn &&
    auth.hasRole('admin') &&
    assurance !== null &&
    assurance.requiresAal2 &&
    assurance.level !== 'aal2';
  const allowed = access === 'public' || (signedIn && (!needsRole || auth.hasRole(needsRole)) && !needsTwoFactorSetup);

  useEffect(() => {
    if (waiting || allowed) return;
    if (!signedIn) navigate(signInPathFor(`${pathname}${search ? `?${search}` : ''}`), { replace: true });
    else if (needsTwoFactorSetup) {
      notifications.show({
        id: 'admin-two-factor-required',
        color: 'yellow',
        title: t('Two-factor authentication required'),
        message: t('Administrators must set up two-factor authentication before using the admin area.'),
        autoClose: 10_000,
      });
      navigate(TWO_FACTOR_SETUP_PATH, { replace: true });
    } else navigate('/unauthorized', { replace: true });
  }, [waiting, allowed, signedIn, needsTwoFactorSetup, pathname, search, navigate]);

  if (access === 'public') return <>{children}</>;
  if (waiting || !allowed) {
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label={t('Checking your session')} />
      </Center>
    );
  }
  return <>{children}</>;
}
