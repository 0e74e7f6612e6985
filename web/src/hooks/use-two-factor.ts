import useSWR from 'swr';
import { fetchVerifiedTotpFactor } from '../data/two-factor.ts';
import { useAuth } from '../auth/use-auth.ts';

/** The verified TOTP factor's id (null when 2FA is off) for the signed-in user. */
export function useTwoFactor() {
  const { user } = useAuth();
  return useSWR(user ? ['two-factor', user.id] : null, () => fetchVerifiedTotpFactor());
}
