import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { adminSettingsKey, listSiteSettings, saveSiteSetting } from '../data/admin-settings.ts';
import { publicSettingsKey } from '../data/site-settings.ts';

export function useAdminSettings() {
  return useSWR(adminSettingsKey(), listSiteSettings);
}

/**
 * Turns a site setting on or off, then reads the settings again: the admin list, and the public
 * ones that the sample-data banner and the sign-up page read.
 */
export function useSaveSiteSetting() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (key: string, enabled: boolean) => {
      await saveSiteSetting(key, enabled);
      await mutate(adminSettingsKey());
      await mutate(publicSettingsKey());
    },
    [mutate],
  );
}
