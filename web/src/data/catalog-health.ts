import { getSupabase } from './supabase-client.ts';

export interface HealthLink {
  id: string;
  slug: string;
  title: string;
  type: string;
  link: 'homepage' | 'repository';
  url: string;
  health: 'down' | 'dead' | 'unchecked';
  status: number | null;
  error: string | null;
  checked_at: string;
  failures: number;
}
export interface HealthItem {
  id: string;
  slug: string;
  title: string;
  type: string;
  as_of?: string;
  source?: string;
  checked_at?: string;
  ok?: boolean;
  error?: string | null;
}
export interface EnrichRun {
  id: string;
  sources: string[];
  origin: string;
  status: string;
  items: number;
  updated: number;
  failed: number;
  requests: number;
  not_modified: number;
  errors: Array<{ item?: string; source?: string; message: string }>;
  started_at: string;
  finished_at: string | null;
}
export interface HarvestRunSummary {
  id: string;
  source: string;
  status: string;
  added: number;
  updated: number;
  skipped: number;
  errors: number;
  last_error: string | null;
  started_at: string;
  finished_at: string | null;
}
export interface CatalogHealth {
  links: HealthLink[];
  archived: HealthItem[];
  stale: HealthItem[];
  stale_count: number;
  never_checked: number;
  enrich_runs: EnrichRun[];
  harvest_runs: HarvestRunSummary[];
  requests: Array<{ id: string; slug: string; title: string; requested_at: string }>;
}

export const catalogHealthKey = ['catalog-health'] as const;

/** Everything /admin/catalog-health shows, in one call (staff only: the function checks). */
export async function fetchCatalogHealth(): Promise<CatalogHealth> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('catalog_health', {});
  if (error) throw error;
  return data as unknown as CatalogHealth;
}

/** Queues one item for the enrich job, which re-checks it within a minute. */
export async function requestRecheck(contentId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('request_enrich_recheck', { content_id: contentId });
  if (error) throw error;
}
