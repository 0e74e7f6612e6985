import { z } from 'zod';
import { CONTENT_TYPES } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

// Zod probes once for eval-based speedups; the CSP (no 'unsafe-eval') would refuse and report it.
z.config({ jitless: true });

/** What catalog_data_summary() answers (jsonb): the counts and sources /about/data shows. */
const SummarySchema = z.object({
  items: z.number(),
  items_without_sources: z.number(),
  by_type: z.partialRecord(z.enum(CONTENT_TYPES), z.number()),
  sources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      // a live source (read by `sciai harvest`) has no commit or snapshot
      kind: z.enum(['snapshot', 'live']).default('snapshot'),
      repository: z.string(),
      commit: z.string().nullable(),
      snapshot_date: z.string().nullable(),
      license: z.string(),
      license_basis: z.string(),
      copies_descriptions: z.boolean(),
      share_alike: z.boolean(),
      credit: z.string(),
      items: z.number(),
    }),
  ),
  fields: z.array(z.object({ slug: z.string(), name: z.string(), parent: z.string().nullable(), items: z.number() })),
});

export type CatalogDataSummary = z.infer<typeof SummarySchema>;
export type CatalogSource = CatalogDataSummary['sources'][number];
export type CatalogField = CatalogDataSummary['fields'][number];

export const catalogDataSummaryKey = () => 'catalog-data-summary' as const;

/** The published catalog by source, type and field, read live (docs/product.md#sources). */
export async function fetchCatalogDataSummary(): Promise<CatalogDataSummary> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('catalog_data_summary');
  if (error) throw error;
  return SummarySchema.parse(data);
}
