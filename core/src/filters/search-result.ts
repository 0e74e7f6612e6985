import { z } from 'zod';
import { CONTENT_TYPES, ORGANIZATION_SIZES } from '../content.ts';
import { ItemFiguresSchema } from '../catalog/item-figure-schemas.ts';
import { ItemRatingSchema } from '../catalog/item-rating-schema.ts';

/**
 * What search_items() answers (supabase/schemas/05_search.sql), checked where it enters
 * the app. Fields a type does not have are null: a paper has no pricing model.
 */
const counts = z.record(z.string(), z.number().int().nonnegative());
const nullableText = z.string().nullable();
const textList = z
  .array(z.string())
  .nullable()
  .transform((value) => value ?? []);

export const SearchCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  short_description: nullableText,
  url: nullableText,
  verified: z.boolean(),
  featured: z.boolean(),
  view_count: z.number(),
  save_count: z.number(),
  trending_score: z.number(),
  year: z.number().int().nullable(),
  created_at: z.string(),
  tags: textList,
  key_features: textList,
  competitive_advantages: textList,
  /** Slugs, primary first. */
  domains: textList,
  organization: z
    .object({
      name: z.string(),
      type: nullableText,
      size: z.enum(ORGANIZATION_SIZES).nullable(),
    })
    .nullable(),
  pricing_model: nullableText,
  open_source: z.boolean().nullable(),
  /** What the licence lets a card claim (docs/product.md#facts); null claims nothing. */
  license_status: z.enum(['open_source', 'source_available']).nullable().optional(),
  api_available: z.boolean().nullable(),
  journal_name: nullableText,
  peer_reviewed: z.boolean().nullable(),
  /**
   * Stars and citations, each with its source and date (docs/product.md#facts); a figure
   * nobody has read is absent.
   */
  figures: ItemFiguresSchema.optional(),
  /** Null unless its date and source are known (docs/product.md#facts). */
  funding_stage: nullableText,
  funding_stage_as_of: nullableText.optional(),
  funding_stage_source: nullableText.optional(),
  employee_count: nullableText,
  employee_count_as_of: nullableText.optional(),
  employee_count_source: nullableText.optional(),
  model_type: nullableText,
  interaction_mode: nullableText,
  /** docs/product.md#browse-health: live signals; absent from answers of older servers and from library items. */
  citations: z.number().int().nullable().optional(),
  stars: z.number().int().nullable().optional(),
  /** The latest push or release. */
  active_at: nullableText.optional(),
  archived: z.boolean().optional(),
  /** The worse of the homepage's and repository's link health; null: never checked. */
  link_health: z.enum(['ok', 'down', 'dead']).nullable().optional(),
  /**
   * The published reviews' rating, ORCID-verified reviewers' apart (docs/product.md#browse-cards);
   * null when the item has none, absent from answers of older servers.
   */
  rating: ItemRatingSchema.nullable().optional(),
});

export type SearchCard = z.infer<typeof SearchCardSchema>;

export const SearchResultSchema = z.object({
  total: z.number().int().nonnegative(),
  facets: z.object({
    content_types: counts,
    domains: counts,
    features: counts,
    organization_sizes: counts,
    years: counts,
    /** docs/product.md#browse-filters; absent from answers of older servers. */
    operations: counts.default({}),
    input_data: counts.default({}),
  }),
  items: z.array(SearchCardSchema),
  /** The query was misspelt: these results are for this corrected text. */
  corrected_search: z.string().optional(),
  /** Nothing matched: 'Did you mean …' this corrected text. */
  suggestion: z.string().optional(),
  /** No item matched all the words: these items match some of them, those matching more first. */
  partial_match: z.boolean().optional(),
  /**
   * Fewer items matched all the words than the page holds: the items from this index on match
   * only some of them (docs/product.md#browse-search).
   */
  partial_from: z.number().int().nonnegative().optional(),
});

export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchFacets = SearchResult['facets'];
