import { getSupabase } from './supabase-client.ts';

/** The settings any visitor may read (site_settings rows marked public). */
export interface PublicSettings {
  sampleDataBanner: boolean;
  registrationOpen: boolean;
}

export const publicSettingsKey = () => 'public-site-settings' as const;

export async function fetchPublicSettings(): Promise<PublicSettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('public_site_settings');
  if (error) throw error;
  // A JSON object of the public settings' values; a setting missing from it keeps its default.
  const settings = typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
  return {
    sampleDataBanner: settings.sample_data_banner === true,
    // Sign-up stays open unless an administrator closes it explicitly.
    registrationOpen: settings.registration_open !== false,
  };
}
