import { z } from 'zod';
import { ItemSourceRecordSchema } from '../catalog/item-source-records.ts';
import { CONTENT_TYPES, ORGANIZATION_SIZES } from '../content.ts';
import {
  EDAM_FILTER_MAX_VALUES,
  EDAM_TERM_MAX_LENGTH,
  FEATURES,
  HEALTH_FILTERS,
  SEARCH_MAX_LENGTH,
  SORT_OPTIONS,
} from '../filters/filter-state.ts';
import { SearchResultSchema } from '../filters/search-result.ts';
import { ItemHistorySchema, ItemVersionSchema } from '../history/item-history.ts';

/**
 * The public read API's arguments and answers as Zod schemas: the OpenAPI document is written
 * from them, and the integration suite checks every documented example's live answer against them.
 */

const text = (maxLength: number) => z.string().max(maxLength);
const slug = z.string().min(1).max(200);

/** search_items's named arguments, as the function declares them, with core's value lists. */
export const SearchItemsArgumentsSchema = z.object({
  search: text(SEARCH_MAX_LENGTH).optional().describe('Words to search for; empty lists everything.'),
  domains: z.array(z.string().max(100)).max(100).optional().describe('Domain slugs (any of them).'),
  content_types: z.array(z.enum(CONTENT_TYPES)).max(100).optional(),
  features: z.array(z.enum(FEATURES)).max(100).optional().describe('Every feature must hold.'),
  organization_sizes: z.array(z.enum(ORGANIZATION_SIZES)).max(100).optional(),
  year_from: z.number().int().nullable().optional(),
  year_to: z.number().int().nullable().optional(),
  sort_by: z
    .enum(SORT_OPTIONS)
    .optional()
    .describe(
      'Default relevance, which ratings never change; highest_rated orders by the Bayesian average of the ORCID-verified reviews, unrated items last.',
    ),
  page_offset: z.number().int().min(0).optional().describe('Items to skip; default 0.'),
  page_size: z.number().int().min(1).max(100).optional().describe('Items per page; default 20.'),
  health: z
    .array(z.enum(HEALTH_FILTERS))
    .max(100)
    .optional()
    .describe('Project health, every one must hold: maintained (push or release in 6 months, not archived), links_ok.'),
  operations: z
    .array(z.string().min(1).max(EDAM_TERM_MAX_LENGTH))
    .max(EDAM_FILTER_MAX_VALUES)
    .optional()
    .describe('EDAM operations as bio.tools writes them ("Protein structure prediction"); any of them matches.'),
  input_data: z
    .array(z.string().min(1).max(EDAM_TERM_MAX_LENGTH))
    .max(EDAM_FILTER_MAX_VALUES)
    .optional()
    .describe('EDAM data terms a tool reads ("Protein sequence"); any of them matches.'),
});

export const ItemDetailsArgumentsSchema = z.object({ slugs: z.array(slug).min(1).max(100) });
export const RelatedItemsArgumentsSchema = z.object({
  item_slug: slug,
  max_items: z.number().int().min(0).max(24).optional(),
});

export const ItemHistoryArgumentsSchema = z.object({
  _slug: slug,
  _page: z.number().int().min(1).optional().describe('Page of 20 versions, newest first, from 1.'),
});
export const ItemVersionArgumentsSchema = z.object({ _slug: slug, _version: z.number().int().min(1) });

export const ItemDetailSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    content_type: z.enum(CONTENT_TYPES),
    description: z.string().nullable(),
    url: z.string().nullable(),
    domains: z.array(z.object({ slug: z.string(), name: z.string(), is_primary: z.boolean() }).loose()),
    software: z.object({}).loose().nullable(),
    paper: z.object({}).loose().nullable(),
    company: z.object({}).loose().nullable(),
    agent: z.object({}).loose().nullable(),
    sources: z
      .array(ItemSourceRecordSchema)
      .describe(
        'Where the item comes from (docs/product.md#sources): each source record with its licence, share-alike flag, credit, and the date of its snapshot or, for a record a harvest read live, of its last fetch; empty for an item no source lists.',
      ),
  })
  .loose();

export const ItemSummarySchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    content_type: z.enum(CONTENT_TYPES),
    organization_name: z.string().nullable(),
    summary: z.string().nullable(),
    view_count: z.number(),
    save_count: z.number(),
  })
  .loose();

export const DomainSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    parent_id: z.string().nullable(),
  })
  .loose();

export const DomainCountSchema = z.object({ domain_id: z.string(), count: z.number().int().nonnegative() }).loose();

/**
 * The answer each example gets, as the document declares it: the integration suite checks every
 * example's live answer against it.
 */
export const EXAMPLE_ANSWER_SCHEMAS: Record<string, z.ZodType | 'atom'> = {
  searchItems: SearchResultSchema,
  searchItemsNextPage: SearchResultSchema,
  itemDetails: z.array(ItemDetailSchema),
  compareItems: z.array(ItemDetailSchema),
  relatedItems: z.array(ItemSummarySchema),
  itemHistory: ItemHistorySchema.nullable(),
  itemVersion: ItemVersionSchema.nullable(),
  listDomains: z.array(DomainSchema),
  listDomainCounts: z.array(DomainCountSchema),
  newestFeed: 'atom',
};

export const ErrorSchema = z.object({
  code: z.string().nullable().describe('PostgREST code (PGRST…), SQLSTATE, or the gateway’s own'),
  message: z.string(),
  details: z.string().nullable().optional(),
  hint: z.string().nullable().optional(),
});
