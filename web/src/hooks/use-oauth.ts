import useSWR from 'swr';
import {
  authProvidersKey,
  fetchEnabledProviders,
  fetchMyVerifiedOrcid,
  fetchPublicProfileOrcid,
  myVerifiedOrcidKey,
  publicProfileOrcidKey,
} from '../data/oauth.ts';

/** Which sign-in providers are on; while unknown (or unreachable), none. */
export function useEnabledProviders() {
  return useSWR(authProvidersKey(), fetchEnabledProviders, { revalidateOnFocus: false });
}

export function useMyVerifiedOrcid(userId: string | undefined) {
  return useSWR(userId ? myVerifiedOrcidKey(userId) : null, ([, id]) => fetchMyVerifiedOrcid(id));
}

export function usePublicProfileOrcid(handle: string) {
  return useSWR(publicProfileOrcidKey(handle), ([, key]) => fetchPublicProfileOrcid(key));
}
