import useSWR, { preload } from 'swr';
import { fetchPublicSettings } from '../data/site-settings.ts';

const KEY = 'public-site-settings';

export function usePublicSettings() {
  return useSWR(KEY, fetchPublicSettings);
}

/** Starts the request before any component asks (usePublicSettings then takes its answer). */
export function preloadPublicSettings(): void {
  // a failure shows, and is retried, where the hook reads it
  preload(KEY, fetchPublicSettings).catch(() => undefined);
}
