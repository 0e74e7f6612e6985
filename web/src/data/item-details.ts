import { getSupabase } from './supabase-client.ts';
import type { ItemDetail, ItemSummary } from './item-detail-types.ts';

export type {
  AgentDetail,
  CompanyDetail,
  ItemDetail,
  ItemDomain,
  ItemLink,
  ItemOrganization,
  ItemSource,
  ItemSummary,
  PaperDetail,
  PaperToCite,
  SoftwareDetail,
} from './item-detail-types.ts';

/**
 * The client, and the schemas its jsonb answers are read with. Both load with the first data
 * call, side by side: the page itself paints without either (see item-detail-schemas.ts).
 */
async function loadClientAndSchemas() {
  const [supabase, schemas] = await Promise.all([getSupabase(), import('./item-detail-schemas.ts')]);
  return { supabase, ...schemas };
}

/** SWR key of the compare page's items: the set of slugs, so reordering them reads nothing again. */
export const compareItemsKey = (slugs: readonly string[]) => ['compare-items', [...slugs].sort().join(',')] as const;

/**
 * The published items with these slugs, in the order asked (unknown or unpublished slugs are
 * left out). One round trip: the item_details SQL function, under the caller's row-level security.
 */
export async function fetchItemDetails(slugs: string[]): Promise<ItemDetail[]> {
  if (slugs.length === 0) return [];
  const { supabase, ItemDetailsSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('item_details', { slugs });
  if (error) throw error;
  const bySlug = new Map(ItemDetailsSchema.parse(data).map((row) => [row.slug, row]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

export const itemDetailKey = (slug: string) => ['item-detail', slug] as const;

/** The published item with this slug, or null when there is none. */
export async function fetchItemDetail(slug: string): Promise<ItemDetail | null> {
  const [item] = await fetchItemDetails([slug]);
  return item ?? null;
}

export const relatedItemsKey = (slug: string) => ['related-items', slug] as const;

/** Up to `limit` other items sharing the most domains and tags with this one. */
export async function fetchRelatedItems(slug: string, limit = 4): Promise<ItemSummary[]> {
  const { supabase, ItemSummariesSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('related_items', { item_slug: slug, max_items: limit });
  if (error) throw error;
  return ItemSummariesSchema.parse(data);
}

export const similarItemsKey = (text: string) => ['similar-items', text] as const;

/** Items whose slug or title looks like the text, for the 404 page of an unknown slug. */
export async function fetchSimilarItems(text: string, limit = 3): Promise<ItemSummary[]> {
  const { supabase, ItemSummariesSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('similar_items', { query: text, max_items: limit });
  if (error) throw error;
  return ItemSummariesSchema.parse(data);
}

/** Counts a view of the item: once per visitor per day, never for bots (gateway and SQL decide). */
export async function recordItemView(slug: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('record_item_view', { item_slug: slug });
  if (error) throw error;
}
