import useSWR from 'swr';
import { fetchPublicProfile } from '../data/public-profile.ts';

export function usePublicProfile(handle: string) {
  return useSWR(['public-profile', handle.toLowerCase()], ([, key]) => fetchPublicProfile(key));
}
