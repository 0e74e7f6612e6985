import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  apiTokensKey,
  createApiToken,
  listMyApiTokens,
  revokeApiToken,
  type ApiTokenExpiry,
} from '../data/api-tokens.ts';
import { useAuth } from '../auth/use-auth.ts';

/** The signed-in user's personal API tokens (Settings → API tokens). */
export function useApiTokens() {
  const { user } = useAuth();
  return useSWR(user ? apiTokensKey(user.id) : null, () => listMyApiTokens());
}

/** Create and revoke, each reading the list again afterwards. */
export function useApiTokenActions() {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const userId = user?.id ?? null;
  const refresh = useCallback(async () => {
    if (userId !== null) await mutate(apiTokensKey(userId));
  }, [userId, mutate]);
  const create = useCallback(
    async (name: string, expiry: ApiTokenExpiry) => {
      try {
        return await createApiToken(name, expiry);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );
  const revoke = useCallback(
    async (id: string) => {
      try {
        await revokeApiToken(id);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );
  return { create, revoke };
}
