import { z } from 'zod';
import { ItemRatingSchema } from '../catalog/item-rating-schema.ts';
import { ItemSourceRecordSchema } from '../catalog/item-source-records.ts';
import { CONTENT_TYPES, ORGANIZATION_SIZES } from '../content.ts';
import { MAX_COMPARE_ITEMS, MIN_COMPARE_ITEMS } from '../compare/compare-selection.ts';
import { ItemReviewsOutput } from './review-output.ts';
import {
  EDAM_FILTER_MAX_VALUES,
  EDAM_TERM_MAX_LENGTH,
  FEATURES,
  SEARCH_MAX_LENGTH,
  SORT_OPTIONS,
} from '../filters/filter-state.ts';

/**
 * The MCP tools' arguments and answers. Every string and array is bounded well inside what the
 * gateway lets through (route-limits.ts: 100 elements per array, 64 KiB per /mcp body), so a
 * bad argument is refused here with a message naming the field, before any SQL runs.
 */

/** A published item's slug, as in its page's address (`/tool/alphafold`). */
export const SlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^,\s/\p{Cc}]+$/u, 'a slug has no spaces, commas, slashes or control characters')
  .describe('The item slug, the last part of its page address, e.g. "alphafold-2"');

const contentTypes = z.array(z.enum(CONTENT_TYPES)).max(CONTENT_TYPES.length);
const domains = z
  .array(z.string().trim().min(1).max(100))
  .max(20)
  .describe('Scientific domain slugs (see list_domains), any of which matches');
const year = z.number().int().min(1900).max(2100);
const edamTerms = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(EDAM_TERM_MAX_LENGTH)
      .refine((text) => !hasControlCharacter(text), 'no control characters'),
  )
  .max(EDAM_FILTER_MAX_VALUES)
  .default([]);

export const MAX_PAGE_SIZE = 50;

/** Control characters other than tab, line feed and carriage return. */
function hasControlCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

export const SearchCatalogInput = {
  query: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    // PostgreSQL text cannot hold NUL; the rest of the control characters mean nothing to a search.
    .refine((text) => !hasControlCharacter(text), 'no control characters')
    .default('')
    .describe('Words to search for; every word must match'),
  content_types: contentTypes.default([]).describe('Only these types: software, paper, company, agent'),
  domains: domains.default([]),
  features: z
    .array(z.enum(FEATURES))
    .max(FEATURES.length)
    .default([])
    .describe(
      'Every one of these must hold: verified, open_source, free_tier, peer_reviewed, enterprise, competitive, rated_4_up (ORCID-verified reviewers rate it 4.0 or more on average)',
    ),
  organization_sizes: z.array(z.enum(ORGANIZATION_SIZES)).max(ORGANIZATION_SIZES.length).default([]),
  operations: edamTerms.describe(
    'What a tool does, as EDAM operations bio.tools names ("Protein structure prediction"); any of them matches',
  ),
  input_data: edamTerms.describe('The data a tool reads, as EDAM data terms ("Protein sequence"); any of them matches'),
  year_from: year.optional().describe('Earliest year (inclusive)'),
  year_to: year.optional().describe('Latest year (inclusive)'),
  sort: z
    .enum(SORT_OPTIONS)
    .default('relevance')
    .describe(
      'relevance (ratings never change it), or an explicit order; highest_rated: by the Bayesian average of the ORCID-verified reviews, unrated items last',
    ),
  page: z.number().int().min(0).max(500).default(0).describe('0-based page'),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
};

export const GetItemInput = {
  slug: SlugSchema.optional(),
  id: z.uuid().optional().describe('The item id (a UUID), when the slug is not known'),
};

export const CompareItemsInput = {
  slugs: z
    .array(SlugSchema)
    .min(MIN_COMPARE_ITEMS)
    .max(MAX_COMPARE_ITEMS)
    .describe(`${MIN_COMPARE_ITEMS} to ${MAX_COMPARE_ITEMS} item slugs to compare side by side`),
};

export const RelatedItemsInput = {
  slug: SlugSchema,
  limit: z.number().int().min(1).max(24).default(6),
};

export const ListDomainsInput = {};

export const RecentAdditionsInput = {
  since: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .describe('ISO date or date-time; items added on or after it (e.g. "2026-01-01")'),
  content_types: contentTypes.default([]),
  domains: domains.default([]),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
};

/* Answers. */

/** An item's rating, or null when it has no published review. */
const ItemRatingOutput = () =>
  ItemRatingSchema.nullable().describe(
    'Published reviews: verified_count and verified_average (1-5) of ORCID-verified reviewers, score (their Bayesian average, what highest_rated sorts by), other_count and other_average of the other reviewers; null when the item has no published review',
  );

const ItemCardOutput = z.object({
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  url: z.string().describe('The item page on SciAI'),
  summary: z.string().nullable(),
  organization: z.string().nullable(),
  year: z.number().nullable(),
  domains: z.array(z.string()),
  verified: z.boolean(),
  save_count: z.number(),
  added_at: z.string(),
  rating: ItemRatingOutput(),
});
export type ItemCardOutput = z.infer<typeof ItemCardOutput>;

export const SearchCatalogOutput = {
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  has_more: z.boolean(),
  items: z.array(ItemCardOutput),
  corrected_query: z.string().optional().describe('The query was misspelt; these results are for this text'),
  suggestion: z.string().optional().describe('Nothing matched; did you mean this?'),
  partial_match: z
    .boolean()
    .optional()
    .describe('No item matched all the words; these items match some of them, those matching more first'),
  partial_from: z
    .number()
    .optional()
    .describe(
      'Fewer items matched all the words than a page holds: the items from this index on match only some of them',
    ),
  browse_url: z.string().describe('The same search on the SciAI browse page'),
};

export const GetItemOutput = {
  url: z.string(),
  item: z
    .looseObject({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      content_type: z.enum(CONTENT_TYPES),
      description: z.string(),
      sources: z
        .array(ItemSourceRecordSchema)
        .describe(
          'Where the item comes from: each source record with its licence, share-alike flag, credit, and the date of its snapshot or of its last fetch; empty for an item no source lists',
        ),
      rating: ItemRatingOutput().optional(),
    })
    .describe('Everything the item page shows: the fields of item_details(), with the block of its type'),
  reviews: ItemReviewsOutput,
};

const CompareCellOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('missing') }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({
    kind: z.literal('number'),
    value: z.number(),
    text: z.string(),
    source: z.string().describe("Where and when the figure was read: 'GitHub, as of 20 Aug 2026'"),
  }),
  z.object({ kind: z.literal('boolean'), value: z.boolean(), text: z.string() }),
  z.object({ kind: z.literal('list'), items: z.array(z.string()) }),
]);

export const CompareItemsOutput = {
  compare_url: z.string(),
  items: z.array(
    z.object({ slug: z.string(), title: z.string(), content_type: z.enum(CONTENT_TYPES), url: z.string() }),
  ),
  missing: z.array(z.string()).describe('Slugs no published item has'),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      differs: z.boolean(),
      cells: z.array(CompareCellOutput).describe('One per item, in the order of items'),
    }),
  ),
};

const SummaryOutput = z.object({
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  url: z.string(),
  organization: z.string().nullable(),
  summary: z.string(),
});

export const RelatedItemsOutput = { item_url: z.string(), items: z.array(SummaryOutput) };

export const ListDomainsOutput = {
  domains: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      item_count: z.number(),
      browse_url: z.string(),
    }),
  ),
};

export const RecentAdditionsOutput = {
  since: z.string(),
  items: z.array(ItemCardOutput),
  has_more: z.boolean().describe('More items were added since then than `limit`'),
};
