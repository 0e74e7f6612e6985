import useSWR from 'swr';
import { findPossibleDuplicates, possibleDuplicatesKey, type DuplicateQuery } from '../data/submissions.ts';

/** Items and open submissions that may already cover what is being contributed. */
export function usePossibleDuplicates(query: DuplicateQuery | null) {
  const key = query && query.title.trim() !== '' ? possibleDuplicatesKey(query) : null;
  return useSWR(key, ([, title, url, doi, exclude]) =>
    findPossibleDuplicates({ title, url: url || null, doi: doi || null, excludeSubmission: exclude || null }),
  );
}
