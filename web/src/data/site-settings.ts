import { readPublicSettings, type PublicSettings } from '@sciai/core';
import { getCatalogClient } from './supabase-client.ts';

export type { PublicSettings };

export const publicSettingsKey = () => 'public-site-settings' as const;

export async function fetchPublicSettings(): Promise<PublicSettings> {
  const supabase = await getCatalogClient();
  const { data, error } = await supabase.rpc('public_site_settings');
  if (error) throw error;
  return readPublicSettings(data);
}
