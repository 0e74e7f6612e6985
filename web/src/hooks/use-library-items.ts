import useSWR from 'swr';
import { useAuth } from '../auth/use-auth.ts';
import { fetchLibraryItems } from '../data/library-items.ts';
import { libraryItemsKey } from '../data/saved-items.ts';

/**
 * The signed-in user's library, newest saved first. Apart from use-saved-items.ts, which every
 * Save button imports: the library's schema (zod) stays out of the pages that only save.
 */
export function useLibraryItems() {
  const { user } = useAuth();
  return useSWR(user ? libraryItemsKey(user.id) : null, fetchLibraryItems);
}
