import { z } from 'zod';
import { figureSourceName } from '../catalog/item-figures.ts';
import { msg, t } from '../i18n/translate.ts';

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

/** The History tab's names of the public fields: messages, shown with `t(label)`. */
const FIELD_LABELS: Record<string, string> = {
  title: msg('Name'),
  short_description: msg('Short description'),
  description: msg('Description'),
  url: msg('Website'),
  tags: msg('Tags'),
  key_features: msg('Key features'),
  competitive_advantages: msg('Advantages'),
  domains: msg('Fields'),
  pricing_model: msg('Pricing'),
  github_url: msg('Repository'),
  api_available: msg('API available'),
  license: msg('Licence'),
  programming_languages: msg('Programming languages'),
  first_release: msg('First release'),
  weights_license: msg('Weights licence'),
  availability: msg('Availability'),
  abstract: msg('Abstract'),
  doi: msg('DOI'),
  arxiv_id: msg('arXiv id'),
  pubmed_id: msg('PubMed id'),
  journal_name: msg('Journal'),
  volume: msg('Volume'),
  issue: msg('Issue'),
  pages: msg('Pages'),
  publication_date: msg('Publication date'),
  peer_reviewed: msg('Peer reviewed'),
  open_access: msg('Open access'),
  keywords: msg('Keywords'),
  research_goals: msg('Research goals'),
  key_findings: msg('Key findings'),
  methodology: msg('Methodology'),
  limitations: msg('Limitations'),
  future_work: msg('Future work'),
  authors_complete: msg('Author list complete'),
  business_model: msg('Business model'),
  moat: msg('Moat'),
  industry_focus: msg('Industry focus'),
  target_customers: msg('Target customers'),
  traction_metrics: msg('Traction'),
  partnerships: msg('Partnerships'),
  awards_recognition: msg('Awards'),
  press_mentions: msg('Press mentions'),
  funding_stage: msg('Funding stage'),
  employee_count: msg('Employees'),
  founded_year: msg('Founded'),
  headquarters: msg('Headquarters'),
  funding_stage_as_of: msg('Funding stage as of'),
  funding_stage_source: msg('Funding stage source'),
  employee_count_as_of: msg('Employees as of'),
  employee_count_source: msg('Employees source'),
  headquarters_as_of: msg('Headquarters as of'),
  headquarters_source: msg('Headquarters source'),
  model_type: msg('Model type'),
  specialization: msg('Specialization'),
  interaction_mode: msg('Interaction mode'),
  capabilities: msg('Capabilities'),
  integration_options: msg('Integrations'),
};

/** 'Short description' for short_description; a field this list does not know, spaced out. */
export function historyFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return t(known);
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
  if (value === null || value === undefined || value === '') return t('(none)');
  if (typeof value === 'boolean') return value ? t('Yes') : t('No');
  if (Array.isArray(value))
    return value.length === 0 ? t('(none)') : value.map((entry) => historyValueText(entry)).join(' · ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0
      ? t('(none)')
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
      return t('A moderator');
    case 'maintainer':
      return actorName ? t('{name} (maintainer)', { name: actorName }) : t('The maintainer');
    case 'user':
      return actorName ?? t('A SciAI member');
    case 'harvest':
      return detail ? t('{source} harvest', { source: sourceName(detail) }) : t('harvest');
    case 'enrich':
      return detail ? t('{source} enrich', { source: sourceName(detail) }) : t('enrich');
    case 'import':
      return t('CSV import');
    case 'revert':
      if (detail === '0') return t('Revert to the item as first published');
      return detail ? t('Revert to version {version}', { version: detail }) : t('Revert to version');
    default:
      return 'SciAI';
  }
}
