import { LibraryItemsSchema, type LibraryItem } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';
import { SavedItemsError } from './saved-items.ts';
import { t } from '../i18n/index.ts';

// Apart from saved-items.ts: the Save buttons on every detail page import that module, and this
// one's zod schema would bring zod into their first download.

export type { LibraryItem };

/** The signed-in user's library, newest saved first, with what the cards and exports need. */
export async function fetchLibraryItems(): Promise<LibraryItem[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('library_items');
  if (error) throw new SavedItemsError(error.message || t('Failed to load your library'), { cause: error });
  const parsed = LibraryItemsSchema.safeParse(data);
  if (!parsed.success)
    throw new SavedItemsError(t('The library answered in an unexpected shape.'), { cause: parsed.error });
  return parsed.data;
}
