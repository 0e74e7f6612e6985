import type { ImportDomain } from './row-rules.ts';

/** A slice of the seeded taxonomy (supabase/schemas/99_reference_data.sql) for unit tests. */
export const TEST_DOMAINS: readonly ImportDomain[] = [
  { slug: 'biology', name: 'Biology' },
  { slug: 'chemistry', name: 'Chemistry' },
  { slug: 'ai_ml', name: 'AI/ML' },
  { slug: 'drug_discovery', name: 'Drug Discovery' },
];
