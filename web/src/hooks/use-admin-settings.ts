import useSWR from 'swr';
import { listSiteSettings } from '../data/admin-settings.ts';

export function useAdminSettings() {
  return useSWR('admin-site-settings', listSiteSettings);
}
