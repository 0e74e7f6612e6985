import { getSupabase } from './supabase-client.ts';

export interface SiteSetting {
  key: string;
  enabled: boolean;
  description: string | null;
  updatedAt: string;
}

export const adminSettingsKey = () => 'admin-site-settings' as const;

/** Every site setting (admins read them all through the "admins manage settings" policy). */
export async function listSiteSettings(): Promise<SiteSetting[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('site_settings')
    .select('key, value, description, updated_at')
    .order('key');
  if (error) throw error;
  return data
    .filter((row) => typeof row.value === 'boolean')
    .map((row) => ({
      key: row.key,
      enabled: row.value === true,
      description: row.description,
      updatedAt: row.updated_at,
    }));
}

export async function saveSiteSetting(key: string, enabled: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_set_setting', { setting_key: key, enabled });
  if (error) throw error;
}
