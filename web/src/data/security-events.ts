import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

// Zod probes once for eval-based speedups; the CSP (no 'unsafe-eval') would refuse and report it.
z.config({ jitless: true });

export const SECURITY_EVENT_TYPES = [
  'rls_violation',
  'unauthorized',
  'rate_limit',
  'suspicious_input',
  'security_logging_failure',
] as const;
export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

export const SecurityEventSchema = z.object({
  id: z.number(),
  event_type: z.enum(SECURITY_EVENT_TYPES),
  severity: z.enum(SECURITY_SEVERITIES),
  user_id: z.string().nullable(),
  actor: z.enum(['user', 'anonymous', 'system']),
  path: z.string().nullable(),
  method: z.string().nullable(),
  client_hash: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

export interface SecurityEventFilters {
  type: SecurityEventType | null;
  severity: SecuritySeverity | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface SecurityEventPage {
  events: SecurityEvent[];
  total: number;
}

export const securityEventsKey = (filters: SecurityEventFilters) =>
  ['security-events', filters.type, filters.severity, filters.page, filters.pageSize] as const;

/** Newest first, filtered, one page; RLS shows them to admins only. */
export async function listSecurityEvents(filters: SecurityEventFilters): Promise<SecurityEventPage> {
  const from = (filters.page - 1) * filters.pageSize;
  const supabase = await getSupabase();
  let query = supabase
    .from('security_events')
    .select('id, event_type, severity, user_id, actor, path, method, client_hash, details, created_at', {
      count: 'exact',
    });
  if (filters.type) query = query.eq('event_type', filters.type);
  if (filters.severity) query = query.eq('severity', filters.severity);
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + filters.pageSize - 1);
  if (error) throw error;
  return { events: z.array(SecurityEventSchema).parse(data), total: count ?? 0 };
}

const SeverityCountSchema = z.object({ severity: z.enum(SECURITY_SEVERITIES), total: z.coerce.number() });
export type SeverityCounts = Record<SecuritySeverity, number>;

export const securityEventCountsKey = (type: SecurityEventType | null) => ['security-event-counts', type] as const;

/** How many events of each severity (of one type, when given). */
export async function countSecurityEventsBySeverity(type: SecurityEventType | null): Promise<SeverityCounts> {
  const supabase = await getSupabase();
  // Without a type (the function's NULL default) every event counts.
  const { data, error } = await supabase.rpc('security_event_severity_counts', { _event_type: type ?? undefined });
  if (error) throw error;
  const counts: SeverityCounts = { low: 0, medium: 0, high: 0, critical: 0 };
  for (const row of z.array(SeverityCountSchema).parse(data)) counts[row.severity] = row.total;
  return counts;
}
