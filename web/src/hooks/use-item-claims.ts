import useSWR from 'swr';
import { useAuth } from '../auth/use-auth.ts';
import { getItemClaimSummary, itemClaimSummaryKey, listMyClaims, myClaimsKey } from '../data/item-claims.ts';

/** The item's maintainer and the signed-in user's claim; read again when the user changes. */
export function useItemClaimSummary(contentId: string) {
  const { user } = useAuth();
  return useSWR([...itemClaimSummaryKey(contentId), user?.id ?? null], () => getItemClaimSummary(contentId));
}

export function useMyClaims() {
  return useSWR(myClaimsKey(), listMyClaims);
}
