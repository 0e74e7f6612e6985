import { getSupabase } from './supabase-client.ts';
import { msg, t } from '../i18n/index.ts';

/** docs/product.md#saves: the message for a save or unsave without a signed-in user. */
export const NOT_SIGNED_IN_MESSAGE = msg('Must be logged in to save items');

/** A save, unsave or library read failed; the message is the server's, or the text of docs/product.md#saves. */
export class SavedItemsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SavedItemsError';
  }
}

async function requireSession(): Promise<void> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new SavedItemsError(t(NOT_SIGNED_IN_MESSAGE));
}

export const savedItemIdsKey = (userId: string) => ['saved-item-ids', userId] as const;

/**
 * SWR key of the user's library (the /library page, read by library-items.ts). Here, beside the
 * writes that change it, so the Save buttons refresh it without loading the library's schema.
 */
export const libraryItemsKey = (userId: string) => ['library-items', userId] as const;

/** The ids of every item the signed-in user has saved (one query for all the cards on a page). */
export async function fetchSavedItemIds(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('user_saved_items').select('content_id');
  if (error) throw new SavedItemsError(error.message, { cause: error });
  return data.map((row) => row.content_id);
}

/** Saves an item for the signed-in user; saving it twice changes nothing. */
export async function saveItem(itemId: string): Promise<void> {
  await requireSession();
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('save_item', { item_id: itemId });
  if (error) throw new SavedItemsError(error.message || t('Failed to save item'), { cause: error });
}

/** Removes an item from the signed-in user's library; removing it twice changes nothing. */
export async function unsaveItem(itemId: string): Promise<void> {
  await requireSession();
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('unsave_item', { item_id: itemId });
  if (error) throw new SavedItemsError(error.message || t('Failed to remove item'), { cause: error });
}
