import useSWR from 'swr';
import { listMySessions } from '../data/account-settings.ts';
import { useAuth } from '../auth/use-auth.ts';

/** The user's sessions (Settings → Security); keyed by user so another account never sees them. */
export function useAccountSessions() {
  const { user } = useAuth();
  return useSWR(user ? ['account-sessions', user.id] : null, () => listMySessions());
}
