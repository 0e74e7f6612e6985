import { z } from 'zod';
import { SearchCardSchema } from '../filters/search-result.ts';

/**
 * One saved item as library_items() returns it (supabase/schemas/07_saves_and_trending.sql):
 * the browse card plus when it was saved and what the exports need.
 */
export const LibraryItemSchema = SearchCardSchema.extend({
  saved_at: z.string(),
  description: z.string().nullable(),
  organization_website: z.string().nullable(),
  doi: z.string().nullable(),
  publication_date: z.string().nullable(),
  github_url: z.string().nullable(),
  /** Every author in order; authors_complete false: the list stops short ("et al."). */
  authors: z.array(z.string()),
  authors_complete: z.boolean().optional(),
});

export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const LibraryItemsSchema = z.array(LibraryItemSchema);
