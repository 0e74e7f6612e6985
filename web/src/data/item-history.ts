import { z } from 'zod';
import { ItemHistorySchema, ItemVersionSchema, type ItemHistory, type ItemVersion } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** An item's history (docs/product.md#item-history): what the History tab reads and the revert it offers. */

export const itemHistoryKey = (slug: string, page: number) => ['item-history', slug, page] as const;
export const itemVersionKey = (slug: string, version: number) => ['item-version', slug, version] as const;

/** A page of versions, newest first; null when no published item has the slug. */
export async function getItemHistory(slug: string, page: number): Promise<ItemHistory | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('item_history', { _slug: slug, _page: page });
  if (error) throw error;
  return ItemHistorySchema.nullable().parse(data);
}

/** One version with its changes; null when the item has no such version. */
export async function getItemVersion(slug: string, version: number): Promise<ItemVersion | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('item_version', { _slug: slug, _version: version });
  if (error) throw error;
  return ItemVersionSchema.nullable().parse(data);
}

const RevertResultSchema = z.object({
  version: z.number().int().nullable(),
  restored: z.array(z.string()),
  skipped: z.array(z.string()),
});
export type RevertResult = z.infer<typeof RevertResultSchema>;

/** Puts the item back as it was right after `version` (0: as first published), as a new version. */
export async function revertItemToVersion(contentId: string, version: number): Promise<RevertResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('revert_item_to_version', { _content_id: contentId, _version: version });
  if (error) throw error;
  return RevertResultSchema.parse(data);
}
