import useSWR, { preload } from 'swr';
import { embeddedPublicSettings } from '../data/initial-data.ts';
import { fetchPublicSettings, publicSettingsKey } from '../data/site-settings.ts';

/**
 * The public settings. On a page whose HTML carries them (/browse) they are known from the first
 * render, and read again in the background: an administrator's change shows at once, not after
 * the gateway's few seconds of cache.
 */
export function usePublicSettings() {
  const fallbackData = embeddedPublicSettings();
  return useSWR(publicSettingsKey(), fetchPublicSettings, fallbackData === undefined ? {} : { fallbackData });
}

/** Starts the request before any component asks (usePublicSettings then takes its answer). */
export function preloadPublicSettings(): void {
  // a failure shows, and is retried, where the hook reads it
  preload(publicSettingsKey(), fetchPublicSettings).catch(() => undefined);
}
