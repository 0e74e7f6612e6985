import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { confirmTotpEnrollment, disableTotp, fetchVerifiedTotpFactor, twoFactorKey } from '../data/two-factor.ts';
import { useAuth } from '../auth/use-auth.ts';

/** The verified TOTP factor's id (null when 2FA is off) for the signed-in user. */
export function useTwoFactor() {
  const { user } = useAuth();
  return useSWR(user ? twoFactorKey(user.id) : null, () => fetchVerifiedTotpFactor());
}

/** A function that reads the signed-in user's verified factor again. */
function useRefreshTwoFactor() {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const userId = user?.id ?? null;
  return useCallback(async () => {
    if (userId !== null) await mutate(twoFactorKey(userId));
  }, [userId, mutate]);
}

/** Verifies a new factor with its first code, which turns two-factor authentication on. */
export function useConfirmTotpEnrollment() {
  const refresh = useRefreshTwoFactor();
  return useCallback(
    async (factorId: string, code: string) => {
      await confirmTotpEnrollment(factorId, code);
      await refresh();
    },
    [refresh],
  );
}

/** Removes the factor (and with it the backup codes): two-factor authentication is off. */
export function useDisableTotp() {
  const refresh = useRefreshTwoFactor();
  return useCallback(
    async (factorId: string) => {
      await disableTotp(factorId);
      await refresh();
    },
    [refresh],
  );
}
