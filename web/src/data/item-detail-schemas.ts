import { z } from 'zod';
import {
  AVAILABILITIES,
  CONTENT_TYPES,
  INTERACTION_MODES,
  ItemFiguresSchema,
  ItemRatingSchema,
  ItemSourceRecordSchema,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  PRICING_MODELS,
} from '@sciai/core';

/**
 * How item_details(), related_items() and similar_items() answer (jsonb, so the database types
 * say only `Json`), and through item-detail-types.ts the types the pages use. A module loaded
 * with the first data call: the detail pages paint from the gateway's copy of the item with no
 * zod at all (decision 0018), and a visitor coming from the browse page has zod already.
 */

// Zod probes once for eval-based speedups; the CSP (no 'unsafe-eval') would refuse and report it.
z.config({ jitless: true });

const text = z.string();
const textOrNull = z.string().nullable();
const texts = z.array(z.string());
const count = z.number();

export const OrganizationSchema = z.object({
  // its page, /org/:id (docs/product.md#organization-page)
  id: text,
  name: text,
  type: z.enum(ORGANIZATION_TYPES).nullable(),
  size: z.enum(ORGANIZATION_SIZES).nullable(),
  website: textOrNull,
});

export const DomainSchema = z.object({ slug: text, name: text, icon: text, color: text, is_primary: z.boolean() });

/** A model's weights licence and how it can be had, as a source states them; absent in an older copy. */
const modelTerms = {
  weights_license: z.string().nullish(),
  availability: z.enum(AVAILABILITIES).nullish(),
};

export const SoftwareSchema = z.object({
  pricing_model: z.enum(PRICING_MODELS).nullable(),
  open_source: z.boolean(),
  github_url: textOrNull,
  api_available: z.boolean(),
  license: textOrNull,
  programming_languages: texts,
  /** YYYY, YYYY-MM or YYYY-MM-DD (docs/product.md#facts); the item's year is its year. */
  first_release: z.string().nullish(),
  ...modelTerms,
});

export const PaperSchema = z.object({
  abstract: textOrNull,
  journal_name: textOrNull,
  doi: textOrNull,
  arxiv_id: textOrNull,
  pubmed_id: textOrNull,
  publication_date: textOrNull,
  peer_reviewed: z.boolean(),
  open_access: z.boolean(),
  key_findings: texts,
  research_goals: texts,
  keywords: texts,
  methodology: textOrNull,
  limitations: textOrNull,
  /** Author names in byline order: all of them, unless authors_complete is false ("et al."). */
  authors: texts,
  authors_complete: z.boolean().optional(),
});

export const CompanySchema = z.object({
  /** Null unless its date and source are known (docs/product.md#facts). */
  funding_stage: textOrNull,
  employee_count: textOrNull,
  founded_year: count.nullable(),
  headquarters: textOrNull,
  business_model: textOrNull,
  industry_focus: texts,
  target_customers: texts,
  partnerships: texts,
  /** Facts that change, each with when it was true and where it was read (docs/product.md#facts). */
  funding_stage_as_of: z.string().nullish(),
  funding_stage_source: z.string().nullish(),
  employee_count_as_of: z.string().nullish(),
  employee_count_source: z.string().nullish(),
  headquarters_as_of: z.string().nullish(),
  headquarters_source: z.string().nullish(),
});

export const AgentSchema = z.object({
  model_type: textOrNull,
  specialization: textOrNull,
  interaction_mode: z.enum(INTERACTION_MODES).nullable(),
  capabilities: texts,
  integration_options: texts,
  open_source: z.boolean(),
  pricing_model: z.enum(PRICING_MODELS).nullable(),
  license: z.string().nullish(),
  first_release: z.string().nullish(),
  ...modelTerms,
});

/** Another item a source links this one to: a tool's paper, or a paper's tool (docs/product.md#detail-links). */
export const ItemLinkSchema = z.object({
  slug: text,
  title: text,
  content_type: z.enum(CONTENT_TYPES),
  year: count.nullable(),
});

/**
 * A paper a tool or agent names (docs/product.md#paper-to-cite): its DOI or arXiv id, the catalog
 * paper linked to it if any, and the sources that name it, each with the item's record there.
 */
export const PaperToCiteSchema = z.object({
  scheme: z.enum(['doi', 'arxiv']),
  id: text,
  paper: ItemLinkSchema.nullable(),
  sources: z.array(z.object({ source: text, name: text, record_url: textOrNull })),
});

/**
 * A source record behind an item, with its source's licence and snapshot or last fetch
 * (docs/product.md#sources); a copy made before records had a kind holds a snapshot's.
 */
export const ItemSourceSchema = ItemSourceRecordSchema.extend({
  kind: ItemSourceRecordSchema.shape.kind.default('snapshot'),
  fetched_on: z.string().nullish(),
});

const BaseSchema = z.object({
  id: text,
  slug: text,
  title: text,
  description: text,
  short_description: text,
  content_type: z.enum(CONTENT_TYPES),
  url: textOrNull,
  status: text,
  verified: z.boolean(),
  featured: z.boolean(),
  view_count: count,
  save_count: count,
  trending_score: count,
  year: count.nullable(),
  tags: texts,
  key_features: texts,
  competitive_advantages: texts,
  metadata: z.record(z.string(), z.unknown()),
  published_at: textOrNull,
  created_at: text,
  updated_at: text,
  organization: OrganizationSchema.nullable(),
  domains: z.array(DomainSchema),
  software: SoftwareSchema.nullable(),
  paper: PaperSchema.nullable(),
  company: CompanySchema.nullable(),
  agent: AgentSchema.nullable(),
  /** A tool's papers, and the tools a paper describes; optional in a copy made before they existed. */
  publications: z.array(ItemLinkSchema).optional(),
  describes: z.array(ItemLinkSchema).optional(),
  /** The papers a tool or agent names; optional in a copy made before they existed. */
  papers_to_cite: z.array(PaperToCiteSchema).optional(),
  /** Stars and citations, each with its source and date (docs/product.md#facts); absent: none read. */
  figures: ItemFiguresSchema.optional(),
  /** The published reviews' rating (docs/product.md#compare); null: none; absent in older copies. */
  rating: ItemRatingSchema.nullable().optional(),
  /** The source records behind the item; optional in a copy made before they existed. */
  sources: z.array(ItemSourceSchema).optional(),
});

/** Exactly one type block is set: the one of the item's content type. */
export const ItemDetailSchema = z.discriminatedUnion('content_type', [
  BaseSchema.extend({ content_type: z.literal('software'), software: SoftwareSchema }),
  BaseSchema.extend({ content_type: z.literal('paper'), paper: PaperSchema }),
  BaseSchema.extend({ content_type: z.literal('company'), company: CompanySchema }),
  BaseSchema.extend({ content_type: z.literal('agent'), agent: AgentSchema }),
]);

export const ItemDetailsSchema = z.array(ItemDetailSchema);

export const ItemSummarySchema = z.object({
  slug: text,
  title: text,
  content_type: z.enum(CONTENT_TYPES),
  organization_name: textOrNull,
  /** The short description, else the full one. */
  summary: text,
  view_count: count,
  save_count: count,
});

export const ItemSummariesSchema = z.array(ItemSummarySchema);
