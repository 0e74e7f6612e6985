import { z } from 'zod';
import { CONTENT_TYPES } from '../content.ts';
import { ItemFiguresSchema } from '../catalog/item-figure-schemas.ts';
import { ItemRatingSchema } from '../catalog/item-rating-schema.ts';
import { ItemSourceRecordSchema } from '../catalog/item-source-records.ts';
import type { CompareSource } from '../compare/compare-rows.ts';
import { SearchResultSchema, type SearchResult } from '../filters/search-result.ts';
import { callCatalog, CatalogError, readCatalog, type CatalogClient } from './catalog-client.ts';

/**
 * The catalog as the tools read it: the web app's calls (web/src/data/*.ts), with their answers
 * checked, so a changed SQL function shows up as a clear tool error rather than a wrong answer.
 */

export interface SearchArguments {
  search: string;
  domains: string[];
  content_types: string[];
  features: string[];
  organization_sizes: string[];
  operations?: string[];
  input_data?: string[];
  year_from: number | null;
  year_to: number | null;
  sort_by: string;
  page_offset: number;
  page_size: number;
}

export async function searchCatalogItems(client: CatalogClient, args: SearchArguments): Promise<SearchResult> {
  const { year_from, year_to, operations, input_data, ...rest } = args;
  // Like the web app: an open bound is left out, and the function's default (NULL) applies.
  const data = await callCatalog(client, 'search_items', {
    ...rest,
    ...(year_from === null ? {} : { year_from }),
    ...(year_to === null ? {} : { year_to }),
    ...(operations?.length ? { operations } : {}),
    ...(input_data?.length ? { input_data } : {}),
  });
  const parsed = SearchResultSchema.safeParse(data);
  if (!parsed.success) throw new CatalogError('The search answered in an unexpected shape.');
  return parsed.data;
}

const names = z.array(z.string());
const ItemDetailRow = z.looseObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  verified: z.boolean(),
  year: z.number().nullable(),
  key_features: names,
  competitive_advantages: names,
  metadata: z.record(z.string(), z.unknown()).nullable(),
  organization: z.looseObject({ name: z.string() }).nullable(),
  domains: z.array(z.looseObject({ slug: z.string(), name: z.string() })),
  software: z
    .looseObject({
      pricing_model: z.string().nullable(),
      open_source: z.boolean(),
      api_available: z.boolean(),
    })
    .nullable(),
  /** Stars and citations, each with its source and date (docs/product.md#facts). */
  figures: ItemFiguresSchema.optional(),
  /** The source records behind the item, with licence, credit and date (docs/product.md#sources). */
  sources: z.array(ItemSourceRecordSchema),
  /** The published reviews' rating, or null; absent from answers of older servers. */
  rating: ItemRatingSchema.nullable().optional(),
  agent: z.looseObject({ pricing_model: z.string().nullable(), open_source: z.boolean() }).nullable(),
});
export type ItemDetailRow = z.infer<typeof ItemDetailRow> & CompareSource;

/** The published items with these slugs, in the order asked; unknown slugs are left out. */
export async function readItemDetails(client: CatalogClient, slugs: string[]): Promise<ItemDetailRow[]> {
  const data = await callCatalog(client, 'item_details', { slugs });
  const parsed = z.array(ItemDetailRow).safeParse(data);
  if (!parsed.success) throw new CatalogError('The item details answered in an unexpected shape.');
  const bySlug = new Map(parsed.data.map((row) => [row.slug, row]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

/** The slug of the published item with this id, or undefined. */
export async function findSlugById(client: CatalogClient, id: string): Promise<string | undefined> {
  const data = await readCatalog(client, { table: 'content_items', columns: 'slug', id });
  const parsed = z.array(z.object({ slug: z.string() })).safeParse(data);
  if (!parsed.success) throw new CatalogError('The item lookup answered in an unexpected shape.');
  return parsed.data[0]?.slug;
}

const ItemSummaryRow = z.object({
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  organization_name: z.string().nullable(),
  summary: z.string(),
});
export type ItemSummaryRow = z.infer<typeof ItemSummaryRow>;

export async function readRelatedItems(client: CatalogClient, slug: string, limit: number): Promise<ItemSummaryRow[]> {
  const data = await callCatalog(client, 'related_items', { item_slug: slug, max_items: limit });
  const parsed = z.array(ItemSummaryRow).safeParse(data);
  if (!parsed.success) throw new CatalogError('The related items answered in an unexpected shape.');
  return parsed.data;
}

export interface DomainWithCount {
  slug: string;
  name: string;
  description: string | null;
  item_count: number;
}

/** Every scientific domain by name, with its published items (docs/product.md#landing-domains). */
export async function readDomainsWithCounts(client: CatalogClient): Promise<DomainWithCount[]> {
  const [domains, counts] = await Promise.all([
    readCatalog(client, { table: 'scientific_domains', columns: 'slug,name,description', order: 'name' }),
    readCatalog(client, { table: 'domain_counts', columns: 'slug,count' }),
  ]);
  const parsedDomains = z
    .array(z.object({ slug: z.string(), name: z.string(), description: z.string().nullable() }))
    .safeParse(domains);
  const parsedCounts = z
    .array(z.object({ slug: z.string().nullable(), count: z.number().nullable() }))
    .safeParse(counts);
  if (!parsedDomains.success || !parsedCounts.success) {
    throw new CatalogError('The domains answered in an unexpected shape.');
  }
  const countBySlug = new Map(parsedCounts.data.map((row) => [row.slug, row.count ?? 0]));
  return parsedDomains.data.map((domain) => ({ ...domain, item_count: countBySlug.get(domain.slug) ?? 0 }));
}
