import useSWR from 'swr';
import { fetchPublicSettings } from '../data/site-settings.ts';

export function usePublicSettings() {
  return useSWR('public-site-settings', fetchPublicSettings);
}
