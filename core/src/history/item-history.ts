import { z } from 'zod';
import { figureSourceName } from '../catalog/item-figures.ts';

/**
 * An item's history as item_history and item_version answer it (supabase/schemas/22_item_versions.sql,
 * docs/product.md#item-history): versions newest first, each with who or what made it and the
 * public fields it changed.
 */
export const HISTORY_PAGE_SIZE = 20;

export const HistoryItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(['software', 'paper', 'company', 'agent']),
  published_at: z.string().nullable(),
  /** The newest version's number; 0 while the item is as first published. */
  latest: z.number().int(),
});

export const FieldChangeSchema = z.object({ old: z.unknown(), new: z.unknown() });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const ItemVersionSummarySchema = z.object({
  version: z.number().int(),
  changed_at: z.string(),
  actor: z.string(),
  actor_name: z.string().nullable(),
  fields: z.array(z.string()),
});
export type ItemVersionSummary = z.infer<typeof ItemVersionSummarySchema>;

export const ItemHistorySchema = z.object({
  item: HistoryItemSchema,
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  versions: z.array(ItemVersionSummarySchema),
});
export type ItemHistory = z.infer<typeof ItemHistorySchema>;

export const ItemVersionSchema = z.object({
  item: HistoryItemSchema,
  version: ItemVersionSummarySchema.extend({ changes: z.record(z.string(), FieldChangeSchema) }),
});
export type ItemVersion = z.infer<typeof ItemVersionSchema>;

const FIELD_LABELS: Record<string, string> = {
  title: 'Name',
  short_description: 'Short description',
  description: 'Description',
  url: 'Website',
  tags: 'Tags',
  key_features: 'Key features',
  competitive_advantages: 'Advantages',
  domains: 'Fields',
  pricing_model: 'Pricing',
  github_url: 'Repository',
  api_available: 'API available',
  license: 'Licence',
  programming_languages: 'Programming languages',
  first_release: 'First release',
  weights_license: 'Weights licence',
  availability: 'Availability',
  abstract: 'Abstract',
  doi: 'DOI',
  arxiv_id: 'arXiv id',
  pubmed_id: 'PubMed id',
  journal_name: 'Journal',
  volume: 'Volume',
  issue: 'Issue',
  pages: 'Pages',
  publication_date: 'Publication date',
  peer_reviewed: 'Peer reviewed',
  open_access: 'Open access',
  keywords: 'Keywords',
  research_goals: 'Research goals',
  key_findings: 'Key findings',
  methodology: 'Methodology',
  limitations: 'Limitations',
  future_work: 'Future work',
  authors_complete: 'Author list complete',
  business_model: 'Business model',
  moat: 'Moat',
  industry_focus: 'Industry focus',
  target_customers: 'Target customers',
  traction_metrics: 'Traction',
  partnerships: 'Partnerships',
  awards_recognition: 'Awards',
  press_mentions: 'Press mentions',
  funding_stage: 'Funding stage',
  employee_count: 'Employees',
  founded_year: 'Founded',
  headquarters: 'Headquarters',
  funding_stage_as_of: 'Funding stage as of',
  funding_stage_source: 'Funding stage source',
  employee_count_as_of: 'Employees as of',
  employee_count_source: 'Employees source',
  headquarters_as_of: 'Headquarters as of',
  headquarters_source: 'Headquarters source',
  model_type: 'Model type',
  specialization: 'Specialization',
  interaction_mode: 'Interaction mode',
  capabilities: 'Capabilities',
  integration_options: 'Integrations',
};

/** 'Short description' for short_description; a field this list does not know, spaced out. */
export function historyFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const spaced = field.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Fields whose change reads best as a word diff of two texts; the others read as before → after. */
const PROSE_FIELDS = new Set([
  'description',
  'short_description',
  'abstract',
  'methodology',
  'limitations',
  'future_work',
  'business_model',
  'moat',
]);

export function isProseField(field: string): boolean {
  return PROSE_FIELDS.has(field);
}

/** A fact's value as the history writes it: lists joined, yes/no, '(none)' for nothing. */
export function historyValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((entry) => historyValueText(entry)).join(' · ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0
      ? '(none)'
      : entries.map(([key, entry]) => `${key}: ${historyValueText(entry)}`).join(' · ');
  }
  return String(value);
}

const SOURCE_NAMES: Record<string, string> = { arxiv: 'arXiv', biotools: 'bio.tools' };

function sourceName(source: string | undefined): string {
  return source ? (SOURCE_NAMES[source] ?? figureSourceName(source)) : '';
}

/**
 * Who or what made a version, in the page's words: 'A moderator', 'Hedy Lamarr (maintainer)',
 * 'OpenAlex harvest', 'CSV import', 'GitHub enrich', 'Revert to version 3'.
 */
export function historyActorLabel(actor: string, actorName: string | null): string {
  const [kind, detail] = actor.split(':', 2) as [string, string | undefined];
  switch (kind) {
    case 'moderator':
      return 'A moderator';
    case 'maintainer':
      return actorName ? `${actorName} (maintainer)` : 'The maintainer';
    case 'user':
      return actorName ?? 'A SciAI member';
    case 'harvest':
      return `${sourceName(detail)} harvest`.trim();
    case 'enrich':
      return `${sourceName(detail)} enrich`.trim();
    case 'import':
      return 'CSV import';
    case 'revert':
      return detail === '0' ? 'Revert to the item as first published' : `Revert to version ${detail ?? ''}`.trim();
    default:
      return 'SciAI';
  }
}
