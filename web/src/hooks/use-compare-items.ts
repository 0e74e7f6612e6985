import useSWR from 'swr';
import { compareItemsKey, fetchItemDetails, type ItemDetail } from '../data/item-details.ts';

export interface CompareItems {
  /** The items found, in the order asked. */
  items: ItemDetail[];
  /** Slugs asked for that no published item has (known once the answer for these slugs is in). */
  missing: string[];
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

/**
 * The details of the items on the compare page. Keyed by the set of slugs, so reordering costs
 * nothing; the previous answer stays while a new one loads, so removing an item is instant.
 */
export function useCompareItems(slugs: readonly string[]): CompareItems {
  const key = slugs.length > 0 ? compareItemsKey(slugs) : null;
  const { data, error, isLoading, mutate } = useSWR(key, ([, joined]) => fetchItemDetails(joined.split(',')), {
    keepPreviousData: true,
  });
  const bySlug = new Map((data ?? []).map((item) => [item.slug, item]));
  const items = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
  const answered = data !== undefined && !isLoading;
  return {
    items,
    missing: answered ? slugs.filter((slug) => !bySlug.has(slug)) : [],
    isLoading: isLoading && items.length < slugs.length,
    error,
    retry: () => void mutate(),
  };
}
