import { z } from 'zod';
import { DOMAIN_SLUGS } from '../domains.ts';
import {
  EMPLOYEE_RANGES,
  FUNDING_STAGES,
  INTERACTION_MODES,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  PRICING_MODELS,
} from '../content.ts';

/**
 * One catalog item as the sample catalog (fixtures/catalog) and the synthetic generator write it,
 * and as the database's `load_catalog(items jsonb)` function reads it.
 */
const text = z.string().trim().min(1);
const phrases = z.array(text);

export const OrganizationRefSchema = z.object({
  name: text,
  type: z.enum(ORGANIZATION_TYPES),
  size: z.enum(ORGANIZATION_SIZES),
  website: z.url().optional(),
});

const SoftwareFieldsSchema = z.object({
  pricing_model: z.enum(PRICING_MODELS),
  open_source: z.boolean(),
  github_url: z.url().optional(),
  github_stars: z.number().int().nonnegative().optional(),
  api_available: z.boolean(),
  license: text.optional(),
  programming_languages: phrases,
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
  citation_count: z.number().int().nonnegative(),
  authors: z.array(text).min(1),
  key_findings: phrases,
  research_goals: phrases,
});

const CompanyFieldsSchema = z.object({
  funding_stage: z.enum(FUNDING_STAGES),
  employee_count: z.enum(EMPLOYEE_RANGES),
  founded_year: z.number().int().min(1800).max(2100),
  headquarters: text,
  business_model: text,
  industry_focus: phrases,
});

const AgentFieldsSchema = z.object({
  model_type: text,
  capabilities: phrases.min(1),
  interaction_mode: z.enum(INTERACTION_MODES),
  specialization: text,
  integration_options: phrases,
  open_source: z.boolean(),
  pricing_model: z.enum(PRICING_MODELS),
});

const BaseItemSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lowercase words joined by hyphens'),
  title: text,
  url: z.url(),
  year: z.number().int().min(1900).max(2100),
  short_description: text.max(150),
  description: text,
  tags: phrases,
  domains: z.array(z.enum(DOMAIN_SLUGS)).min(1),
  verified: z.boolean(),
  featured: z.boolean(),
  view_count: z.number().int().nonnegative(),
  save_count: z.number().int().nonnegative(),
  trending_score: z.number().min(0),
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
