import useSWR from 'swr';
import { fetchPublicProfile, publicProfileKey } from '../data/public-profile.ts';

export function usePublicProfile(handle: string) {
  return useSWR(publicProfileKey(handle), ([, key]) => fetchPublicProfile(key));
}
