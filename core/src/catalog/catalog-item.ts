import { z } from 'zod';
import { DOMAIN_SLUGS } from '../domains.ts';
import {
  EMPLOYEE_RANGES,
  FUNDING_STAGES,
  AVAILABILITIES,
  INTERACTION_MODES,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  PRICING_MODELS,
} from '../content.ts';

/**
 * One catalog item as the hand-written catalog (fixtures/catalog) and the synthetic generator write it,
 * and as the database's `load_catalog(items jsonb)` function reads it.
 */
const text = z.string().trim().min(1);
const phrases = z.array(text);

/** A year, a year and month, or a full ISO date: as precise as the source says ('2021', '2021-07'). */
export const PartialDateSchema = z
  .string()
  .regex(/^(1[89]|20|21)\d\d(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, 'date must be YYYY, YYYY-MM or YYYY-MM-DD')
  .refine((value) => value.length < 10 || isCalendarDate(value), 'no such date');

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** open_source is derived from the licence (license-status.ts); a catalog file that types it is refused. */
const derivedOpenSource = z
  .never({ error: 'open_source is derived from the licence (an SPDX id); remove it and give license instead' })
  .optional();

/** A fact that changes: where it was read and when (docs/product.md#facts). */
const factAsOf = z.iso.date().optional();
const factSource = z.url({ protocol: /^https?$/ }).optional();

export const OrganizationRefSchema = z.object({
  name: text,
  type: z.enum(ORGANIZATION_TYPES),
  size: z.enum(ORGANIZATION_SIZES),
  website: z.url().optional(),
});

/**
 * A model's weights licence and how it can be had, apart from the code's licence: only where the
 * item's own text or links say so (docs/product.md#facts); an open code licence implies neither.
 */
const modelTerms = {
  weights_license: text.max(200).optional(),
  availability: z.enum(AVAILABILITIES).optional(),
};

const SoftwareFieldsSchema = z.object({
  pricing_model: z.enum(PRICING_MODELS),
  open_source: derivedOpenSource,
  github_url: z.url().optional(),
  github_stars: z.number().int().nonnegative().optional(),
  api_available: z.boolean(),
  license: text.max(200).optional(),
  programming_languages: phrases,
  first_release: PartialDateSchema.optional(),
  ...modelTerms,
});

const PaperFieldsSchema = z.object({
  journal_name: text,
  doi: z
    .string()
    .regex(/^10\.\d{4,9}\/\S+$/, 'DOI must look like 10.1234/abc')
    .optional(),
  arxiv_id: text.optional(),
  publication_date: z.iso.date(),
  peer_reviewed: z.boolean(),
  open_access: z.boolean(),
  /** only synthetic items carry one: a real count is a dated figure from its source (item_signals) */
  citation_count: z.number().int().nonnegative().optional(),
  /** Every author, in order; authors_complete false says the list stops short ("et al."). */
  authors: z.array(text).min(1),
  authors_complete: z.boolean().optional(),
  key_findings: phrases,
  research_goals: phrases,
});

const CompanyFieldsSchema = z.object({
  /** shown only with their source and date (docs/product.md#facts) */
  funding_stage: z.enum(FUNDING_STAGES).optional(),
  employee_count: z.enum(EMPLOYEE_RANGES).optional(),
  founded_year: z.number().int().min(1800).max(2100),
  headquarters: text,
  funding_stage_as_of: factAsOf,
  funding_stage_source: factSource,
  employee_count_as_of: factAsOf,
  employee_count_source: factSource,
  headquarters_as_of: factAsOf,
  headquarters_source: factSource,
  business_model: text,
  industry_focus: phrases,
});

const AgentFieldsSchema = z.object({
  model_type: text,
  capabilities: phrases.min(1),
  interaction_mode: z.enum(INTERACTION_MODES),
  specialization: text,
  integration_options: phrases,
  open_source: derivedOpenSource,
  pricing_model: z.enum(PRICING_MODELS),
  license: text.max(200).optional(),
  first_release: PartialDateSchema.optional(),
  ...modelTerms,
});

const BaseItemSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lowercase words joined by hyphens'),
  title: text,
  url: z.url(),
  /**
   * Only for items without a typed date: the database derives year from first_release (software,
   * agents), publication_date (papers) or founded_year (companies) when there is one.
   */
  year: z.number().int().min(1900).max(2100).optional(),
  short_description: text.max(150),
  description: text,
  tags: phrases,
  domains: z.array(z.enum(DOMAIN_SLUGS)).min(1),
  verified: z.boolean(),
  featured: z.boolean(),
  /** Counts of real use start at 0; only synthetic items (scale work) arrive with some. */
  view_count: z.number().int().nonnegative().optional(),
  save_count: z.number().int().nonnegative().optional(),
  /** the ranking prior an item arrives with (docs/product.md#ranking-prior) */
  trending_score: z.number().min(0).optional(),
  created_at: z.iso.datetime({ offset: true }).or(z.iso.date()),
  organization: OrganizationRefSchema,
  key_features: phrases,
  competitive_advantages: phrases,
});

export const CatalogItemSchema = z.discriminatedUnion('content_type', [
  BaseItemSchema.extend({ content_type: z.literal('software'), software: SoftwareFieldsSchema }),
  BaseItemSchema.extend({ content_type: z.literal('paper'), paper: PaperFieldsSchema }),
  BaseItemSchema.extend({ content_type: z.literal('company'), company: CompanyFieldsSchema }),
  BaseItemSchema.extend({ content_type: z.literal('agent'), agent: AgentFieldsSchema }),
]);

export type CatalogItem = z.infer<typeof CatalogItemSchema>;
export type OrganizationRef = z.infer<typeof OrganizationRefSchema>;
