import useSWR, { preload } from 'swr';
import { fetchPublicSettings, publicSettingsKey } from '../data/site-settings.ts';

export function usePublicSettings() {
  return useSWR(publicSettingsKey(), fetchPublicSettings);
}

/** Starts the request before any component asks (usePublicSettings then takes its answer). */
export function preloadPublicSettings(): void {
  // a failure shows, and is retried, where the hook reads it
  preload(publicSettingsKey(), fetchPublicSettings).catch(() => undefined);
}
