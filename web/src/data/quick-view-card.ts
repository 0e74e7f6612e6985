import type { SearchCard } from '@sciai/core';
import { getCatalogClient } from './supabase-client.ts';
import { t } from '../i18n/index.ts';

export const quickViewCardKey = (slug: string) => ['quick-view-card', slug] as const;

/**
 * The browse card of one published item by slug, for a quick view opened from a shared
 * /browse?item=… URL when the item is not among the loaded results. null when there is no such
 * published item.
 */
export async function fetchQuickViewCard(slug: string): Promise<SearchCard | null> {
  const schemas = import('./search-result-schemas.ts');
  const supabase = await getCatalogClient();
  const { data, error } = await supabase.rpc('quick_view_card', { item_slug: slug });
  if (error) throw new Error(error.message || t('The item could not be loaded.'), { cause: error });
  if (data === null) return null;
  const parsed = (await schemas).SearchCardSchema.safeParse(data);
  if (!parsed.success) throw new Error(t('The item answered in an unexpected shape.'), { cause: parsed.error });
  return parsed.data;
}
