import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { accountSessionsKey, endMySession, listMySessions, signOutOtherSessions } from '../data/account-settings.ts';
import { updatePassword } from '../data/auth.ts';
import { useAuth } from '../auth/use-auth.ts';

/** The user's sessions (Settings → Security); keyed by user so another account never sees them. */
export function useAccountSessions() {
  const { user } = useAuth();
  return useSWR(user ? accountSessionsKey(user.id) : null, () => listMySessions());
}

/** A function that reads the signed-in user's sessions again. */
function useRefreshSessions() {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const userId = user?.id ?? null;
  return useCallback(async () => {
    if (userId !== null) await mutate(accountSessionsKey(userId));
  }, [userId, mutate]);
}

/**
 * Signs out one of the user's other sessions, or every other one ('others'). The list is read
 * again whether or not it worked: a session that could not be ended may have ended already.
 */
export function useEndSession() {
  const refresh = useRefreshSessions();
  return useCallback(
    async (sessionId: string | 'others') => {
      try {
        if (sessionId === 'others') await signOutOtherSessions();
        else await endMySession(sessionId);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );
}

/**
 * Changes the password: the auth service keeps this session and ends every other one, so the
 * sessions list is read again. Resolves to the failure, or null.
 */
export function useChangePassword() {
  const refresh = useRefreshSessions();
  return useCallback(
    async (password: string, nonce?: string) => {
      const failure = await updatePassword(password, nonce);
      if (!failure) await refresh();
      return failure;
    },
    [refresh],
  );
}
