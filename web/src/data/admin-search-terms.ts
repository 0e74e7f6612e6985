import { getCatalogClient } from './supabase-client.ts';

let lastRecorded: string | undefined;

/**
 * Counts a settled search for the admin analytics (top terms, searches with no results). Only
 * the term and how many results it found are sent; the database keeps no user or address.
 * Fire-and-forget: analytics must never slow or break browsing. Changing a filter or loading
 * the next page repeats the same text and is not a new search, so each text counts once in a row.
 */
export function recordSearchTerm(text: string, resultCount: number): void {
  const term = text.trim().toLowerCase();
  if (!term || term === lastRecorded) return;
  lastRecorded = term;
  getCatalogClient()
    .then((supabase) => supabase.rpc('record_search', { term, result_count: resultCount }))
    .then(
      ({ error }) => {
        if (error) console.warn('recording the search term failed', error.message);
      },
      (error: unknown) => console.warn('recording the search term failed', error),
    );
}
