import { z } from 'zod';

// Zod probes once for eval-based speedups; the CSP (no 'unsafe-eval') would refuse and report it.
z.config({ jitless: true });

/**
 * The shapes of the admin SQL functions' jsonb answers (supabase/schemas/10_admin.sql).
 * Kept apart from the data calls so the integration tests check the same shapes without a browser.
 */

// admin-dashboard.ts
const count = z.coerce.number();
export const ActivityEntrySchema = z.object({
  id: z.string(),
  activity_type: z.string(),
  actor: z.string(),
  activity_data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  email: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
export const AdminDashboardSchema = z.object({
  total_users: count,
  pending_verifications: count,
  content_total: count,
  content_by_status: z.record(z.string(), count),
  content_by_type: z.record(z.string(), count),
  migrations_applied: count,
  latest_migration: z.string().nullable(),
  recent_activity: z.array(ActivityEntrySchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
export const ServerStatusSchema = z.object({
  engine: z.enum(['pglite', 'postgres']),
  database: z.object({ ok: z.boolean(), latency_ms: z.number().optional(), error: z.string().optional() }),
  data_dir_bytes: z.number().nullable(),
  migrations: z.object({ applied: z.number(), shipped: z.number(), pending: z.array(z.string()) }),
});
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

// admin-users.ts
export const STAFF_ROLES = ['user', 'moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  roles: z.array(z.string()),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  mfa_enabled: z.boolean(),
  banned: z.boolean(),
  verification_status: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = z.object({ total: z.coerce.number(), users: z.array(AdminUserSchema) });
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

// admin-verifications.ts
export const VerificationRequestSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  institution: z.string().nullable(),
  orcid_id: z.string().nullable(),
  // left out by a database not yet migrated to ORCID-verified iDs
  orcid_verified: z.boolean().default(false),
  bio: z.string().nullable(),
  research_interests: z.array(z.string()),
  requested_at: z.string(),
});
export type VerificationRequest = z.infer<typeof VerificationRequestSchema>;

// admin-content.ts
export const ITEM_STATUSES = ['draft', 'pending', 'published', 'rejected', 'archived'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const AdminItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(['software', 'paper', 'company', 'agent']),
  status: z.enum(ITEM_STATUSES),
  verified: z.boolean(),
  featured: z.boolean(),
  short_description: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  year: z.number().nullable(),
  tags: z.array(z.string()),
  updated_at: z.string(),
  domain_ids: z.array(z.string()),
});
export type AdminItem = z.infer<typeof AdminItemSchema>;
export const AdminItemPageSchema = z.object({ total: z.coerce.number(), items: z.array(AdminItemSchema) });
export type AdminItemPage = z.infer<typeof AdminItemPageSchema>;

// admin-analytics.ts
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
const n = z.coerce.number();
export const DayFiguresSchema = z.object({
  day: z.string(),
  signups: n,
  saves: n,
  views: n,
  submissions: n,
  waitlist: n,
});
export type DayFigures = z.infer<typeof DayFiguresSchema>;
const TopItemSchema = z.object({ slug: z.string(), title: z.string(), content_type: z.string(), count: n });
export type TopItem = z.infer<typeof TopItemSchema>;
const TermSchema = z.object({ term: z.string(), searches: n });
export type TermCount = z.infer<typeof TermSchema>;
export const AnalyticsSchema = z.object({
  days: n,
  series: z.array(DayFiguresSchema),
  top_viewed: z.array(TopItemSchema),
  top_saved: z.array(TopItemSchema),
  top_terms: z.array(TermSchema),
  zero_result_terms: z.array(TermSchema),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;
