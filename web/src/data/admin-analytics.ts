import { getSupabase } from './supabase-client.ts';
import {
  ANALYTICS_PERIODS,
  DayFiguresSchema,
  AnalyticsSchema,
  type AnalyticsPeriod,
  type DayFigures,
  type TopItem,
  type TermCount,
  type Analytics,
} from './admin-schemas.ts';

export { ANALYTICS_PERIODS, DayFiguresSchema, AnalyticsSchema };
export type { AnalyticsPeriod, DayFigures, TopItem, TermCount, Analytics };

export const adminAnalyticsKey = (days: AnalyticsPeriod) => ['admin-analytics', days] as const;

export async function fetchAnalytics(days: AnalyticsPeriod): Promise<Analytics> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_analytics', { days });
  if (error) throw error;
  return AnalyticsSchema.parse(data);
}

export interface WaitlistRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  referral_source: string | null;
  additional_info: string | null;
  created_at: string;
}

/** The whole waitlist, oldest first, for the CSV export (admins read it through RLS). */
export async function fetchWaitlist(): Promise<WaitlistRow[]> {
  const rows: WaitlistRow[] = [];
  const chunk = 1000; // PostgREST's default row cap: read in pages until a short one
  const supabase = await getSupabase();
  for (let from = 0; ; from += chunk) {
    const { data, error } = await supabase
      .from('waitlist_signups')
      .select('email, first_name, last_name, referral_source, additional_info, created_at')
      .order('created_at')
      .order('id')
      .range(from, from + chunk - 1);
    if (error) throw error;
    rows.push(...data);
    if (data.length < chunk) return rows;
  }
}
