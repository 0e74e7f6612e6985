import { LibraryItemsSchema, type LibraryItem } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

export type { LibraryItem };

/** Spec 8: the message for a save or unsave without a signed-in user. */
export const NOT_SIGNED_IN_MESSAGE = 'Must be logged in to save items';

/** A save, unsave or library read failed; the message is the server's, or the spec's text. */
export class SavedItemsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SavedItemsError';
  }
}

async function requireSession(): Promise<void> {
  const { data } = await getSupabase().auth.getSession();
  if (!data.session) throw new SavedItemsError(NOT_SIGNED_IN_MESSAGE);
}

/** The ids of every item the signed-in user has saved (one query for all the cards on a page). */
export async function fetchSavedItemIds(): Promise<string[]> {
  const { data, error } = await getSupabase().from('user_saved_items').select('content_id');
  if (error) throw new SavedItemsError(error.message, { cause: error });
  return data.map((row) => row.content_id);
}

/** Saves an item for the signed-in user; saving it twice changes nothing. */
export async function saveItem(itemId: string): Promise<void> {
  await requireSession();
  const { error } = await getSupabase().rpc('save_item', { item_id: itemId });
  if (error) throw new SavedItemsError(error.message || 'Failed to save item', { cause: error });
}

/** Removes an item from the signed-in user's library; removing it twice changes nothing. */
export async function unsaveItem(itemId: string): Promise<void> {
  await requireSession();
  const { error } = await getSupabase().rpc('unsave_item', { item_id: itemId });
  if (error) throw new SavedItemsError(error.message || 'Failed to remove item', { cause: error });
}

/** The signed-in user's library, newest saved first, with what the cards and exports need. */
export async function fetchLibraryItems(): Promise<LibraryItem[]> {
  const { data, error } = await getSupabase().rpc('library_items');
  if (error) throw new SavedItemsError(error.message || 'Failed to load your library', { cause: error });
  const parsed = LibraryItemsSchema.safeParse(data);
  if (!parsed.success) throw new SavedItemsError('The library answered in an unexpected shape.', { cause: parsed.error });
  return parsed.data;
}
